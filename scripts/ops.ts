import { existsSync } from 'node:fs';
import path from 'node:path';
import type { OpsConfig } from '../config/ops-config';
import { runCli } from '../ops/cli';
import { PostgresHandle, startPostgres } from './stack/postgres';
import { isPortOpen } from './stack/ports';

/**
 * `npm run ops -- …` on a developer's machine. The ops CLI itself (ops/cli.ts) never starts a
 * database, since it also runs in the production image; here, when a command needs the database,
 * DATABASE_URL is not set and `npm start` is not running, the local stack's PostgreSQL is started
 * (created on first use) for the duration of the command, so a one-off command just works.
 */
let embedded: PostgresHandle | undefined;

async function startLocalDatabase(config: OpsConfig): Promise<OpsConfig> {
  const local = config.embeddedDatabase;
  if (!local || (await isPortOpen(local.port))) return config;
  const dataDir = path.join(local.dataDir, 'postgres');
  const what = existsSync(dataDir) ? 'starting' : 'creating';
  process.stderr.write(`${what} the PostgreSQL of npm start (${local.dataDir}, port ${local.port}) for this command\n`);
  embedded = await startPostgres({ dataDir, port: local.port, database: 'entity_risk', durable: true });
  return { ...config, DATABASE_URL: embedded.url, DATABASE_OWNER_URL: embedded.ownerUrl };
}

async function stopLocalDatabase(): Promise<void> {
  await embedded?.stop();
  embedded = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void stopLocalDatabase().finally(() => process.exit(130)));
}

async function runWithLocalDatabase(argv: string[]): Promise<number> {
  try {
    return await runCli(argv, { beforeDatabase: startLocalDatabase });
  } finally {
    await stopLocalDatabase();
  }
}

runWithLocalDatabase(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
