import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDb, migrateLatest } from '../../db/create-db';
import { ownPostgres, type OwnServer, type OwnServerOptions } from './own-servers';
import { startOnFreePort } from './ports';
import { resolveClusterDir } from './postgres-location';
import { productionTopology } from './production-topology';
import { type Infrastructure, localSecrets } from './stack';
import type { Dependency } from './supervisor';
import { ensureTemporalServerBuilt } from './temporal-server-build';
import {
  ensureTemporalDatabases,
  setupTemporalNamespace,
  setupTemporalSchemas,
  startTemporalServer,
  temporalRolePassword,
} from './temporal-server';

export type ProductionInfrastructure = Infrastructure & {
  /** How long each step took, in seconds (docs/deployment.md quotes them). */
  timings: Record<string, number>;
  /** The `temporal operator …` commands the setup ran (none on a second start). */
  setupCommands: string[][];
};

/**
 * The production topology's servers (docs/deployment.md): Postgres (the embedded binaries)
 * holding the service's database and Temporal's two, the Temporal Server built from its pinned
 * module (scripts/stack/temporal-server-build.ts) on them with SQL visibility, its schemas,
 * namespace and search attributes set up as an operator would, then the service's migrations.
 * A second start on the same data reuses the build and finds everything in place.
 */
export async function startProductionInfrastructure(
  options: OwnServerOptions & { log: (line: string) => void },
): Promise<ProductionInfrastructure> {
  const timings: Record<string, number> = {};
  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[step] = Number(((performance.now() - started) / 1000).toFixed(1));
    }
  };
  const dependencies: Dependency[] = [];
  const stop = async () => {
    for (const dependency of [...dependencies].reverse()) await dependency.current.stop().catch(() => undefined);
  };
  const postgresServer = ownPostgres(options);
  try {
    const [build, postgres] = await Promise.all([
      timed('temporal server build', () => ensureTemporalServerBuilt({ log: options.log })),
      timed('postgres', () => postgresServer.start()),
    ]);
    dependencies.push({ ...postgresServer, current: postgres });
    const pgPort = Number(new URL(postgres.url).port);
    // As the cluster's superuser on its socket (the folder only its OS user reads): a database administrator's step.
    const superuser = { host: resolveClusterDir(path.join(options.dataDir, 'postgres')), port: pgPort, user: 'postgres' };
    const temporalDir = path.join(options.dataDir, 'temporal-server');
    const password = temporalRolePassword(temporalDir);
    await timed('temporal schemas', async () => {
      await ensureTemporalDatabases(superuser, password);
      await setupTemporalSchemas(build, { host: '127.0.0.1', port: pgPort, password }, options.log);
    });
    const temporalServer = ownTemporalServer(options, { build, password, postgresAddress: `127.0.0.1:${pgPort}`, dataDir: temporalDir });
    const temporal = await timed('temporal server', () => temporalServer.start());
    dependencies.push({ ...temporalServer, current: temporal });
    const setupCommands = await timed('namespace setup', () => setupTemporalNamespace(temporal.address, options.log));
    // Migrations as the schema owner where the stack has one (docs/deployment.md, "Roles").
    const ownerUrl = postgres.ownerUrl;
    await timed('migrations', async () => {
      const db = createDb(ownerUrl, { poolMax: 2, acquireTimeoutMs: 60_000 });
      try {
        await migrateLatest(db);
      } finally {
        await db.destroy();
      }
    });
    return {
      env: {
        DATABASE_URL: postgres.url,
        TEMPORAL_ADDRESS: temporal.address,
        TEMPORAL_NAMESPACE: productionTopology.namespace,
        ...localSecrets(options.dataDir),
      },
      privilegedDatabaseUrls: { ownerUrl: postgres.ownerUrl, adminUrl: postgres.adminUrl },
      dependencies,
      stop,
      timings,
      setupCommands,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The built Temporal server as a dependency the supervisor restarts (on the port its first start settled on). */
function ownTemporalServer(
  options: OwnServerOptions,
  server: { build: Awaited<ReturnType<typeof ensureTemporalServerBuilt>>; password: string; postgresAddress: string; dataDir: string },
): OwnServer<{ address: string }> {
  const logFile = path.join(options.dataDir, 'temporal-server.log');
  let port = options.temporalPort;
  const startOn = (p: number) =>
    startTemporalServer(server.build, {
      dataDir: server.dataDir,
      postgresAddress: server.postgresAddress,
      password: server.password,
      frontendPort: p,
      logFile,
    }).then((running) => ((port = p), running));
  return {
    name: `Temporal Server ${server.build.version}`,
    logFile,
    start: async () => {
      const running = port === 'auto' ? await startOnFreePort('the Temporal server', startOn) : await startOn(port);
      return {
        address: running.address,
        died: running.exited.then((code) => (running.child.signalCode ? `killed by ${running.child.signalCode}` : `exit code ${code}`)),
        stop: () => running.stop(15_000),
      };
    },
  };
}
