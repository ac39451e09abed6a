import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseRoleUrls } from '../../config/local-database-roles';
import { startOnFreePort } from './ports';
import { startPostgres } from './postgres';
import type { ManagedProcess } from './processes';
import { type Dependency, pidFileAlive, removePidFile, type RunningDependency, watchAlive, writePidFile } from './supervisor';
import { startTemporalDevServer } from './temporal';

export type OwnServerOptions = {
  dataDir: string;
  /** `auto`: a free port chosen at start, retried on another when it is taken meanwhile (scripts/stack/ports.ts). */
  pgPort: number | 'auto';
  temporalPort: number | 'auto';
  temporalUiPort?: number;
  durable: boolean;
  namespaces?: string[];
  /** Where the dev server keeps its SQLite file (default: <dataDir>/temporal). */
  temporalDataDir?: string;
};

/** A server the local stack runs itself: how to start it (again), for startInfrastructure and its supervisor. */
export type OwnServer<A> = Omit<Dependency, 'current' | 'start'> & { start: () => Promise<RunningDependency & A> };

/**
 * Postgres runs detached (pg_ctl), so its death is seen on its postmaster's pid: a look at the
 * pid file and a signal 0, not a connection (each would fork a backend).
 */
export function ownPostgres(options: OwnServerOptions): OwnServer<DatabaseRoleUrls> {
  let port = options.pgPort;
  const startOn = (p: number) =>
    startPostgres({ dataDir: path.join(options.dataDir, 'postgres'), port: p, database: 'entity_risk', durable: options.durable }).then(
      (handle) => ((port = p), handle),
    );
  return {
    name: 'PostgreSQL',
    start: async () => {
      // A restart by the supervisor reuses the port the first start settled on.
      const handle = port === 'auto' ? await startOnFreePort('PostgreSQL', startOn) : await startOn(port);
      const pidFile = path.join(handle.pgData, 'postmaster.pid');
      const watcher = watchAlive(() => pidFileAlive(pidFile, (file) => readFileSync(file, 'utf8')), `its postmaster (${pidFile}) is gone`);
      return {
        url: handle.url,
        ownerUrl: handle.ownerUrl,
        adminUrl: handle.adminUrl,
        died: watcher.died,
        stop: () => (watcher.cancel(), handle.stop()),
      };
    },
  };
}

/** The dev server is a child process: its exit is its death. */
export function ownTemporal(options: OwnServerOptions): OwnServer<{ address: string }> {
  const logFile = path.join(options.dataDir, 'temporal.log');
  let port = options.temporalPort;
  // Each attempt on a new port keeps its own log (temporal-2.log, …): a failed start stays readable.
  const startOn = (p: number, attempt = 1) =>
    startTemporalDevServer({
      dataDir: options.temporalDataDir ?? path.join(options.dataDir, 'temporal'),
      port: p,
      uiPort: options.temporalUiPort,
      namespaces: options.namespaces,
      logFile: attempt === 1 ? logFile : path.join(options.dataDir, `temporal-${attempt}.log`),
      echo: false,
    }).then((server) => ((port = p), server));
  return {
    name: 'the Temporal dev server',
    logFile,
    start: async () => {
      const server = port === 'auto' ? await startOnFreePort('the Temporal dev server', startOn) : await startOn(port);
      // For the next start, should this one be killed before it can stop the server (scripts/stack/supervisor.ts).
      writePidFile(options.dataDir, { pid: server.child.pid!, name: 'temporal', commandLine: 'start-dev' });
      return {
        address: server.address,
        died: describeExit(server),
        stop: () => server.stop(10_000).then(() => removePidFile(options.dataDir, 'temporal')),
      };
    },
  };
}

/** A child's death in words: the signal that killed it or its exit code. */
export function describeExit(proc: ManagedProcess): Promise<string> {
  return proc.exited.then((code) => (proc.child.signalCode ? `killed by ${proc.child.signalCode}` : `exit code ${code}`));
}
