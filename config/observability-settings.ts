import { z } from 'zod';
import { port, unsetIfEmpty } from './setting-parsers';

/** Metrics, traces and logs. */
export const observabilitySettings = {
  /** The worker's own `GET /metrics` (on HOST); 0 picks a free port (logged in "worker running"). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** When set, the api serves `GET /metrics` on this port only (not on PORT). */
  API_METRICS_PORT: unsetIfEmpty(port),
  /** Where the Temporal SDK's Prometheus exporter listens (127.0.0.1); default a free port, appended to /metrics. */
  TEMPORAL_SDK_METRICS_PORT: unsetIfEmpty(port),
  /** OTLP/HTTP base URL (e.g. http://collector:4318): traces are exported when set, off otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetIfEmpty(z.url()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
};
