import { createRequire } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { Resource } from '@opentelemetry/resources';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, NoopSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import type { WorkflowClientInterceptor } from '@temporalio/client';

export type Tracing = {
  enabled: boolean;
  /** Where workflow spans (made inside the sandbox, handed out through a sink) end too. */
  spanProcessor: SpanProcessor;
  resource: Resource;
  /** Flushes the spans still buffered. */
  shutdown: () => Promise<void>;
};

let current: Tracing | undefined;

/**
 * OpenTelemetry for this process (docs/operations.md): the Node SDK with an OTLP/HTTP exporter when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` is set (the exporter reads it, and `OTEL_EXPORTER_OTLP_HEADERS`,
 * itself), W3C `traceparent` propagation, spans batched (`OTEL_BSP_SCHEDULE_DELAY`). Off
 * otherwise: no provider is registered and every span is a no-op.
 */
export function startTracing(options: { serviceName: string; endpoint: string | undefined }): Tracing {
  if (current) return current;
  const resource = new Resource({
    [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME || options.serviceName,
    [ATTR_SERVICE_VERSION]: '0.1.0',
  });
  if (!options.endpoint) {
    current = { enabled: false, spanProcessor: new NoopSpanProcessor(), resource, shutdown: async () => undefined };
    return current;
  }
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  // No log or metric pipelines: logs are pino's JSON lines, metrics Prometheus (infra/metrics.ts).
  const sdk = new NodeSDK({
    resource,
    autoDetectResources: false,
    spanProcessors: [spanProcessor],
    logRecordProcessors: [],
    instrumentations: serviceInstrumentations(),
  });
  sdk.start();
  // The instrumentations patch a module when it is next required: http and pg were loaded before
  // this ran (by the imports of the entry point), so they are required once more here.
  const requireAgain = createRequire(__filename);
  for (const name of ['http', 'https', 'pg']) requireAgain(name);
  current = { enabled: true, spanProcessor, resource, shutdown: () => sdk.shutdown().catch(() => undefined) };
  return current;
}

/**
 * Postgres and outgoing HTTP spans under the span of the request, activity or workflow that made
 * them (docs/operations.md, "Observability"):
 * - pg: one span per statement, named by its operation and table, with the statement text
 *   (placeholders, never the values: `enhancedDatabaseReporting` off), only under a parent span,
 *   so that pool checks and background polling make no traces of their own;
 * - http (node:http, the webhook deliveries) and undici (fetch): client spans only; the api's own
 *   request span is made by its middleware, with the route (api/edge/trace-request.ts), so incoming requests
 *   are left out here.
 */
function serviceInstrumentations() {
  return [
    new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
    new HttpInstrumentation({ ignoreIncomingRequestHook: () => true, requireParentforOutgoingSpans: true }),
    new UndiciInstrumentation({ requireParentforSpans: true }),
  ];
}

/** The tracing of this process, off until startTracing ran with an endpoint. */
export function currentTracing(): Tracing | undefined {
  return current;
}

/** For every Temporal client of the process: the trace context of the caller travels in the workflow's headers. */
export function workflowClientInterceptors(): WorkflowClientInterceptor[] {
  return current?.enabled ? [new OpenTelemetryWorkflowClientInterceptor()] : [];
}
