import { isSpanContextValid, trace } from '@opentelemetry/api';
import pino, { Logger } from 'pino';

/**
 * Structured JSON logs. Redaction is a second line of defence: code never logs keys or secrets
 * on purpose, and these paths catch the obvious carriers if someone does.
 */
const redactedPaths = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'config.OIDC_CLIENT_SECRET',
  'headers["x-api-key"]',
  'apiKey',
  'api_key',
  'secret',
  '*.secret',
  '*.api_key',
  '*.apiKey',
  'signing_secret',
  '*.signing_secret',
  'config.WEBHOOK_ENCRYPTION_KEY',
  'config.DATABASE_URL',
];

/** The active span's ids on every line written inside a traced request or activity (none when tracing is off). */
function traceIds(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  return context && isSpanContextValid(context) ? { trace_id: context.traceId, span_id: context.spanId } : {};
}

export function createLogger(options: { level?: string; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: traceIds,
  });
}

export type { Logger };
