import pino, { Logger } from 'pino';

/**
 * Structured JSON logs. Redaction is a second line of defence: code never logs keys or secrets
 * on purpose, and these paths catch the obvious carriers if someone does.
 */
export const redactedPaths = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
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

export function createLogger(options: { level?: string; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level ?? 'info',
    redact: { paths: redactedPaths, censor: '[redacted]' },
    base: { service: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

export type { Logger };
