import path from 'node:path';
import { z } from 'zod';
import { ConfigError, configSchema } from './config';

const projectRoot = path.resolve(__dirname, '..');

/**
 * The ops CLI's settings. It needs no webhook key nor listen address, and runs where
 * DATABASE_URL may be unset: then it means the embedded database of `npm start` on this
 * machine, on PGPORT, with its data in STACK_DATA_DIR (`.data/dev`).
 */
const opsConfigSchema = z.object({
  DATABASE_URL: configSchema.shape.DATABASE_URL.optional(),
  PGPORT: configSchema.shape.PORT.unwrap().default(54329),
  STACK_DATA_DIR: z.string().min(1).optional(),
  TEMPORAL_ADDRESS: configSchema.shape.TEMPORAL_ADDRESS,
  TEMPORAL_NAMESPACE: configSchema.shape.TEMPORAL_NAMESPACE,
});

export type LocalStackDatabase = { port: number; dataDir: string; url: string };

export type OpsConfig = {
  /** DATABASE_URL, or the URL of the local stack's database when it is not set. */
  DATABASE_URL: string;
  /** Set when DATABASE_URL was not given: the `npm start` database it stands for. */
  embeddedDatabase: LocalStackDatabase | null;
  TEMPORAL_ADDRESS: string;
  TEMPORAL_NAMESPACE: string;
};

/** Like loadConfig: every problem one line. Empty variables count as unset (`DATABASE_URL= npm run ops …`). */
function parse<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/** Where `npm start` keeps its data and serves its Postgres: `npm start` and the ops CLI agree through this. */
export function loadLocalStackDatabase(env: NodeJS.ProcessEnv = process.env): LocalStackDatabase {
  const { PGPORT, STACK_DATA_DIR } = parse(opsConfigSchema.pick({ PGPORT: true, STACK_DATA_DIR: true }), env);
  const dataDir = STACK_DATA_DIR ? path.resolve(STACK_DATA_DIR) : path.join(projectRoot, '.data', 'dev');
  return { port: PGPORT, dataDir, url: `postgres://postgres@127.0.0.1:${PGPORT}/entity_risk` };
}

export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const { DATABASE_URL, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE } = parse(opsConfigSchema, env);
  const local = loadLocalStackDatabase(env);
  return { DATABASE_URL: DATABASE_URL ?? local.url, embeddedDatabase: DATABASE_URL ? null : local, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE };
}
