import { z } from 'zod';
import { DEFAULT_UBO_THRESHOLD_PERCENT } from '../domain/snapshot-facts/ubo-threshold';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(1).max(65535);

/** An optional setting: unset or empty both mean "not set". */
const unsetIfEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** Durations like "5s,5m,30m,2h" → milliseconds. */
const durationList = z.string().transform((value, ctx) => {
  const out: number[] = [];
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not a duration like 500ms, 5s, 5m, 2h or 1d` });
      return z.NEVER;
    }
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'ms'];
    out.push(Number(match[1]) * unit);
  }
  return out;
});

/** One duration like "24h" or "3s" → milliseconds. */
const duration = durationList.refine((list) => list.length === 1, 'must be one duration like 30s, 15m or 24h').transform((list) => list[0]);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  TEMPORAL_ADDRESS: z.string().regex(/^[^:\s]+:\d+$/, 'must be host:port').default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_UI_URL: z.url().default('http://127.0.0.1:8233'),
  /** The Temporal UI as customers may reach it; without it no customer response carries a Temporal UI link. */
  TEMPORAL_UI_PUBLIC_URL: z.url().optional(),
  WORKFLOW_BUNDLE_PATH: z.string().optional(),
  /** Run a worker for the `analyses` queue inside the api process: makes eager workflow start possible. */
  API_EMBEDDED_ANALYSIS_WORKER: booleanFlag.default(true),
  /** Requests per second one API key may make, across all api processes (a plan may override: requests_per_second). */
  API_KEY_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).default(50),
  /** Webhook endpoints one company may have (a plan may override: webhook_endpoints). */
  WEBHOOK_MAX_ENDPOINTS_PER_COMPANY: z.coerce.number().int().min(0).default(50),
  /** webhook.test events per endpoint per minute (a plan may override: test_events_per_endpoint_per_minute). */
  WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** The worker's own `GET /metrics` (on HOST); 0 picks a free port (logged in "worker running"). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** When set, the api serves `GET /metrics` on this port only (not on PORT). */
  API_METRICS_PORT: unsetIfEmpty(port),
  /** Where the Temporal SDK's Prometheus exporter listens (127.0.0.1); default a free port, appended to /metrics. */
  TEMPORAL_SDK_METRICS_PORT: unsetIfEmpty(port),
  /** OTLP/HTTP base URL (e.g. http://collector:4318): traces are exported when set, off otherwise. */
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetIfEmpty(z.url()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  /** base64 of 32 bytes; encrypts webhook signing secrets at rest. */
  WEBHOOK_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of exactly 32 bytes'),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  WEBHOOK_RETRY_SCHEDULE: durationList.default([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  WEBHOOK_MAX_RESPONSE_BYTES: z.coerce.number().int().min(0).default(65_536),
  WEBHOOK_DISABLE_AFTER_MS: z.coerce.number().int().min(1000).default(5 * 86_400_000),
  /** Delivery attempts one worker process holds at once (a slow receiver holds a slot for its whole answer). */
  WEBHOOK_WORKER_SLOTS: z.coerce.number().int().min(2).max(2000).default(200),
  /** How long the previous secret keeps signing after rotate-secret (docs/webhooks.md). */
  WEBHOOK_SECRET_OVERLAP: duration.default(86_400_000),
  /**
   * Tests only (honoured when NODE_ENV=test, refused otherwise): async analyses and screenings
   * started by this process wait this long (a Temporal timer) in the middle of their run, so that
   * a test can cancel a run that is really in flight (docs/workflows.md).
   */
  TEST_WORKFLOW_STEP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  UBO_THRESHOLD_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_UBO_THRESHOLD_PERCENT),
  GRAPH_MAX_DEPTH: z.coerce.number().int().min(1).max(10).default(4),
  GRAPH_MAX_NODES: z.coerce.number().int().min(10).default(20_000),
  /** Who writes regenerated report narratives: the embedded templates, or an OpenAI-compatible endpoint (docs/reports.md). */
  NARRATIVE_WRITER: z.enum(['template', 'openai']).default('template'),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_MODEL: z.string().min(1).max(200).optional(),
  /** A secret: never logged, never in a response. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
}).superRefine((c, ctx) => {
  if (c.NARRATIVE_WRITER !== 'openai') return;
  for (const name of ['OPENAI_BASE_URL', 'OPENAI_MODEL'] as const) if (!c[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when NARRATIVE_WRITER=openai' });
});

export type Config = z.infer<typeof configSchema>;

/** Settings that exist for tests only must not leak into any other environment. */
function refuseTestOnlySettings(config: Config): string[] {
  return config.TEST_WORKFLOW_STEP_DELAY_MS !== undefined && config.NODE_ENV !== 'test' ? ['TEST_WORKFLOW_STEP_DELAY_MS: only allowed with NODE_ENV=test'] : [];
}

/** The workflow input field of TEST_WORKFLOW_STEP_DELAY_MS: empty unless the process runs under NODE_ENV=test with it set. */
export function testStepDelayOf(config: Pick<Config, 'NODE_ENV' | 'TEST_WORKFLOW_STEP_DELAY_MS'>): { testStepDelayMs?: number } {
  return config.NODE_ENV === 'test' && config.TEST_WORKFLOW_STEP_DELAY_MS ? { testStepDelayMs: config.TEST_WORKFLOW_STEP_DELAY_MS } : {};
}

export class ConfigError extends Error {}

/** Validates the environment once at start; every problem becomes one readable line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const lines = parsed.success ? refuseTestOnlySettings(parsed.data) : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  if (parsed.success && lines.length === 0) return parsed.data;
  throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/** For process entry points: print the problems and exit 1 instead of a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
