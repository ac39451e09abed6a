import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, migrateLatest } from '../../db/create-db';
import { ownPostgres, type OwnServerOptions, ownTemporal } from './own-servers';
import { ManagedProcess, startProcess, waitFor } from './processes';
import type { Dependency } from './supervisor';

export const projectRoot = path.resolve(__dirname, '..', '..');

export type Infrastructure = {
  /** What the api and worker get: DATABASE_URL is the service role's. */
  env: Record<string, string>;
  /**
   * The schema owner's URL (migrations) and, for an embedded cluster, its superuser's: kept out
   * of `env`, for the tests that need them alone (test/support/database-roles.ts).
   */
  privilegedDatabaseUrls: { ownerUrl: string; adminUrl?: string };
  temporalUiUrl?: string;
  /** The servers this stack started itself (not an external DATABASE_URL / TEMPORAL_ADDRESS), for a supervisor. */
  dependencies: Dependency[];
  /** Stops whatever instance of each dependency runs now (a supervisor may have replaced it). */
  stop: () => Promise<void>;
};

/** Secrets the local stack generates once and keeps beside its data (never committed). */
export function localSecrets(dataDir: string): { WEBHOOK_ENCRYPTION_KEY: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { WEBHOOK_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * Postgres (embedded, unless DATABASE_URL is given) and the Temporal dev server (unless
 * TEMPORAL_ADDRESS is given), migrated, plus the environment the api and worker need.
 */
export async function startInfrastructure(options: OwnServerOptions & { echo: boolean }): Promise<Infrastructure> {
  mkdirSync(options.dataDir, { recursive: true });
  const dependencies: Dependency[] = [];
  const stop = async () => {
    for (const dependency of [...dependencies].reverse()) await dependency.current.stop().catch(() => undefined);
  };
  const [postgresServer, temporalServer] = [ownPostgres(options), ownTemporal(options)];
  try {
    // External servers (DATABASE_URL, TEMPORAL_ADDRESS) are somebody else's to run and supervise.
    const [postgres, temporal] = await Promise.allSettled([
      process.env.DATABASE_URL
        ? Promise.resolve({
            url: process.env.DATABASE_URL,
            ownerUrl: process.env.DATABASE_OWNER_URL || process.env.DATABASE_URL,
            adminUrl: undefined,
            running: undefined,
          })
        : postgresServer.start().then((running) => ({
            url: running.url,
            ownerUrl: running.ownerUrl,
            adminUrl: running.adminUrl as string | undefined,
            running,
          })),
      process.env.TEMPORAL_ADDRESS
        ? Promise.resolve({ address: process.env.TEMPORAL_ADDRESS, running: undefined })
        : temporalServer.start().then((running) => ({ address: running.address, running })),
    ]);
    if (postgres.status === 'fulfilled' && postgres.value.running)
      dependencies.push({ ...postgresServer, current: postgres.value.running });
    if (temporal.status === 'fulfilled' && temporal.value.running)
      dependencies.push({ ...temporalServer, current: temporal.value.running });
    if (postgres.status === 'rejected') throw postgres.reason;
    if (temporal.status === 'rejected') throw temporal.reason;

    // A first connection to a server that has just started, on a machine that may be installing
    // Chromium meanwhile (npm test on a fresh clone): it waited more than 10 s once (CI clone K).
    // Migrations as the schema owner; everything after connects as the service role.
    const db = createDb(postgres.value.ownerUrl, { poolMax: 2, acquireTimeoutMs: 60_000 });
    try {
      await migrateLatest(db);
    } finally {
      await db.destroy();
    }
    return {
      env: {
        DATABASE_URL: postgres.value.url,
        TEMPORAL_ADDRESS: temporal.value.address,
        TEMPORAL_NAMESPACE: process.env.TEMPORAL_NAMESPACE ?? 'default',
        ...localSecrets(options.dataDir),
      },
      privilegedDatabaseUrls: { ownerUrl: postgres.value.ownerUrl, adminUrl: postgres.value.adminUrl },
      temporalUiUrl: options.temporalUiPort && !process.env.TEMPORAL_ADDRESS ? `http://127.0.0.1:${options.temporalUiPort}` : undefined,
      dependencies,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Settings sized to the machine the local stack runs on (2 cores), for `npm start` and the
 * benches; an explicit environment value wins. The integration tests keep the service's defaults.
 * - `MONITOR_CHECKS_PER_SECOND` 3.5: with the default 2 checks at a time, the setting under which
 *   `npm run bench -- monitoring` met both targets at 100,000 monitors — 1,000 alerts within 5
 *   minutes and another company's sync p95 within 2× of quiet (docs/monitoring.md, "Benchmark").
 *   Uncapped, 2 at a time took 3.4× at 10,000. A cluster with more cores raises it or unsets it.
 */
export function localMachineSettings(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { MONITOR_CHECKS_PER_SECOND: env.MONITOR_CHECKS_PER_SECOND ?? '3.5' };
}

/**
 * tsx's CommonJS hook only: the service is CommonJS, and `--import tsx` would also start the ESM
 * loader on its own thread and V8 isolate, about 80 MB of resident memory the api never uses
 * (docs/batches.md, "Memory").
 */
function tsxArgs(script: string): string[] {
  return ['--require', 'tsx/cjs', path.join(projectRoot, script)];
}

/**
 * Two malloc arenas for the whole process: glibc otherwise gives each of its many threads (libuv,
 * V8, the Temporal core) an arena of its own, 30 MB more resident in the api for no measured speed.
 */
const MALLOC_ARENA_MAX = '2';

const nodeArgs = (value: string | undefined) => value?.split(' ').filter(Boolean) ?? [];

/**
 * How a service process is started: its Node arguments and environment over the caller's.
 * SERVICE_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) reaches both services, then
 * API_NODE_ARGS or WORKER_NODE_ARGS the one named: a memory setting is compared on the api alone
 * (docs/batches.md, "Memory").
 */
export function serviceProcessCommand(
  name: 'api' | 'worker',
  env: Record<string, string>,
  inherited: NodeJS.ProcessEnv = process.env,
): { args: string[]; env: Record<string, string | undefined> } {
  // The service never holds the schema owner's password, even one exported in the shell.
  const { DATABASE_OWNER_URL: _owner, ...kept } = inherited;
  return {
    args: [
      ...nodeArgs(inherited.SERVICE_NODE_ARGS),
      ...nodeArgs(name === 'api' ? inherited.API_NODE_ARGS : inherited.WORKER_NODE_ARGS),
      ...tsxArgs(name === 'api' ? 'api/server.ts' : 'worker/main.ts'),
    ],
    env: { MALLOC_ARENA_MAX, ...kept, ...env },
  };
}

/** The api and worker as real child processes. */
export function startServiceProcess(
  name: 'api' | 'worker',
  env: Record<string, string>,
  options: { logFile?: string; echo: boolean },
): ManagedProcess {
  return startProcess({
    name,
    command: process.execPath,
    ...serviceProcessCommand(name, env),
    cwd: projectRoot,
    logFile: options.logFile,
    echo: options.echo,
  });
}

export async function waitForReady(apiUrl: string, timeoutMs: number, exited?: Promise<unknown>): Promise<void> {
  const ready = waitFor(
    'the API to be ready',
    async () => ((await fetch(`${apiUrl}/readyz`)).status === 200 ? true : undefined),
    timeoutMs,
    250,
  );
  await (exited ? Promise.race([ready, exited.then(() => Promise.reject(new Error('the API exited during start')))]) : ready);
}

/** A database URL fit for a banner or a log line: its password left out. */
export function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.password = '';
  return url.toString();
}
