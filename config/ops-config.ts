import path from 'node:path';
import { z } from 'zod';
import { ConfigError, configSchema } from './config';
import { databaseRoleUrls, readClusterRoleSecrets } from './local-database-roles';

const projectRoot = path.resolve(__dirname, '..');

/**
 * The ops CLI's settings. It needs no webhook key nor listen address, and runs where
 * DATABASE_URL may be unset: then it means the embedded database of `npm start` on this
 * machine, on PGPORT, with its data in STACK_DATA_DIR (`.data/dev`).
 */
const opsConfigSchema = z.object({
  DATABASE_URL: configSchema.shape.DATABASE_URL.optional(),
  DATABASE_OWNER_URL: configSchema.shape.DATABASE_URL.optional(),
  PGPORT: configSchema.shape.PORT.unwrap().default(54329),
  STACK_DATA_DIR: z.string().min(1).optional(),
  TEMPORAL_ADDRESS: configSchema.shape.TEMPORAL_ADDRESS,
  TEMPORAL_NAMESPACE: configSchema.shape.TEMPORAL_NAMESPACE,
});

/** `url` as the service role, `ownerUrl` as the schema owner (docs/operations.md, "Database roles"). */
export type LocalStackDatabase = { port: number; dataDir: string; url: string; ownerUrl: string };

export type OpsConfig = {
  /** DATABASE_URL, or the URL of the local stack's database when it is not set. */
  DATABASE_URL: string;
  /** The schema owner's URL, for `db migrate` and the imports: DATABASE_OWNER_URL, else DATABASE_URL (one role does everything). */
  DATABASE_OWNER_URL: string;
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
  // Before the cluster's first start there are no passwords yet: the URLs then name the roles only.
  const secrets = readClusterRoleSecrets(path.join(dataDir, 'postgres')) ?? { owner: '', service: '', admin: '' };
  const { url, ownerUrl } = databaseRoleUrls(secrets, PGPORT, 'entity_risk');
  return { port: PGPORT, dataDir, url, ownerUrl };
}

export function loadOpsConfig(env: NodeJS.ProcessEnv = process.env): OpsConfig {
  const { DATABASE_URL, DATABASE_OWNER_URL, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE } = parse(opsConfigSchema, env);
  if (DATABASE_URL)
    return {
      DATABASE_URL,
      DATABASE_OWNER_URL: DATABASE_OWNER_URL ?? DATABASE_URL,
      embeddedDatabase: null,
      TEMPORAL_ADDRESS,
      TEMPORAL_NAMESPACE,
    };
  const local = loadLocalStackDatabase(env);
  return { DATABASE_URL: local.url, DATABASE_OWNER_URL: local.ownerUrl, embeddedDatabase: local, TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE };
}
