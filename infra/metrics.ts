import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The service's Prometheus metrics (docs/operations.md), one registry per process: the api and the
 * worker each serve theirs at `/metrics`, and Prometheus sums across processes. Names follow the
 * Prometheus conventions: a `entity_risk_` namespace, base units (seconds), `_total` on counters,
 * low-cardinality labels only (route templates, never paths; no company or entity ids).
 */
export const metricsRegistry = new Registry();

export const httpRequestsTotal = new Counter({
  name: 'entity_risk_http_requests_total',
  help: 'HTTP requests answered, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestDurationSeconds = new Histogram({
  name: 'entity_risk_http_request_duration_seconds',
  help: 'HTTP request latency in seconds, by method, route template and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

export const analysesTotal = new Counter({
  name: 'entity_risk_analyses_total',
  help: 'Analyses that ended, by mode (sync, async), outcome (completed, failed, canceled) and risk level ("none" unless completed)',
  labelNames: ['mode', 'outcome', 'risk_level'] as const,
  registers: [metricsRegistry],
});

export const webhookDeliveryAttemptsTotal = new Counter({
  name: 'entity_risk_webhook_delivery_attempts_total',
  help: 'Webhook delivery attempts, by outcome (succeeded, failed)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const webhookDeliveriesTotal = new Counter({
  name: 'entity_risk_webhook_deliveries_total',
  help: 'Webhook delivery runs that reached a final status, by outcome (succeeded, failed, canceled)',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const reportsTotal = new Counter({
  name: 'entity_risk_reports_total',
  help: 'Regulatory reports by type (coaf_cos, bcb_dossie) and outcome (created, failed, finalized, filed, voided)',
  labelNames: ['type', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const quotaRejectionsTotal = new Counter({
  name: 'entity_risk_quota_rejections_total',
  help: 'Requests refused with 429 quota_exceeded, by billable operation',
  labelNames: ['operation'] as const,
  registers: [metricsRegistry],
});

export const rateLimitRejectionsTotal = new Counter({
  name: 'entity_risk_rate_limit_rejections_total',
  help: 'Requests refused with 429 rate_limited, by limit (requests_per_second, test_events_per_endpoint_per_minute)',
  labelNames: ['limit'] as const,
  registers: [metricsRegistry],
});

let defaultsStarted = false;

/** Process metrics (CPU, memory, event-loop lag, GC) under the standard `process_` / `nodejs_` names; once per process. */
export function collectProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/**
 * The exposition text of this process: its own registry, then the Temporal SDK's metrics that the
 * Runtime serves on a loopback address (worker/temporal-runtime.ts), so one scrape sees both.
 * The SDK's part is best effort: a scrape never fails because of it.
 */
export async function renderMetrics(temporalSdkMetricsUrl?: string): Promise<string> {
  const own = await metricsRegistry.metrics();
  if (!temporalSdkMetricsUrl) return own;
  try {
    const response = await fetch(temporalSdkMetricsUrl, { signal: AbortSignal.timeout(2000) });
    if (!response.ok) return own;
    return `${own.trimEnd()}\n${(await response.text()).trimEnd()}\n`;
  } catch {
    return own;
  }
}

export const metricsContentType = metricsRegistry.contentType;
