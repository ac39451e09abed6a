import { z } from 'zod';
import { booleanFlag, port } from './setting-parsers';

/** The process itself: where it listens, its Postgres and Temporal, and the API's own limits. */
export const runtimeSettings = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8080),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  TEMPORAL_ADDRESS: z
    .string()
    .regex(/^[^:\s]+:\d+$/, 'must be host:port')
    .default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_UI_URL: z.url().default('http://127.0.0.1:8233'),
  /** The Temporal UI as customers may reach it; without it no customer response carries a Temporal UI link. */
  TEMPORAL_UI_PUBLIC_URL: z.url().optional(),
  WORKFLOW_BUNDLE_PATH: z.string().optional(),
  /** Run a worker for the `analyses` queue inside the api process: makes eager workflow start possible. */
  API_EMBEDDED_ANALYSIS_WORKER: booleanFlag.default(true),
  /** Requests per second one API key may make, across all api processes (a plan may override: requests_per_second). */
  API_KEY_REQUESTS_PER_SECOND: z.coerce.number().int().min(1).default(50),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
};
