import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Keeps what `npm start` runs running: its own servers (the Temporal dev server, Postgres) and
 * the api and worker. When one dies it is started again with back-off, and when it cannot be
 * started `maxAttempts` times in a row the supervisor gives up with one clear line (the caller
 * then stops everything). The api and worker also reconnect on their own when a server comes back.
 */
export type RunningDependency = {
  /** Resolves with why it died (an exit code, a closed port); never resolves while it runs. */
  died: Promise<string>;
  stop: () => Promise<void>;
};

export type Dependency = {
  /** e.g. "the Temporal dev server", as it reads in a sentence. */
  name: string;
  /** Where its own log is, for the give-up line. */
  logFile?: string;
  current: RunningDependency;
  start: () => Promise<RunningDependency>;
};

export type SupervisorOptions = {
  log: (line: string) => void;
  giveUp: (line: string) => void;
  maxAttempts?: number;
  /** Wait before restart attempt n (1-based). */
  backoffMs?: (attempt: number) => number;
};

/** 0.5 s, 1 s, 2 s, 4 s, 8 s: a crash is retried at once, a server that cannot start is not hammered. */
const defaultBackoffMs = (attempt: number) => Math.min(8_000, 500 * 2 ** (attempt - 1));

export type Supervisor = { stop: () => Promise<void> };

export function superviseDependencies(dependencies: Dependency[], options: SupervisorOptions): Supervisor {
  let stopping = false;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff = options.backoffMs ?? defaultBackoffMs;
  let wake: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (wake = resolve));
  const pause = (ms: number) => Promise.race([new Promise((r) => setTimeout(r, ms).unref()), stopped]);

  async function watch(dependency: Dependency): Promise<void> {
    while (!stopping) {
      const why = await Promise.race([dependency.current.died, stopped.then(() => null)]);
      if (why === null || stopping) return;
      const diedAt = Date.now();
      options.log(`${dependency.name} died (${why}); restarting it…`);
      let restarted = false;
      for (let attempt = 1; attempt <= maxAttempts && !stopping; attempt++) {
        await pause(backoff(attempt));
        if (stopping) return;
        try {
          dependency.current = await dependency.start();
          restarted = true;
          options.log(`${dependency.name} is back (${((Date.now() - diedAt) / 1000).toFixed(1)}s after it died)`);
          break;
        } catch (error) {
          options.log(`${dependency.name}: restart ${attempt} of ${maxAttempts} failed: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      if (!restarted) {
        if (!stopping)
          options.giveUp(
            `${dependency.name} could not be restarted after ${maxAttempts} attempts${dependency.logFile ? ` (see ${dependency.logFile})` : ''}; stopping everything`,
          );
        return;
      }
    }
  }

  const watchers = dependencies.map((dependency) => watch(dependency));
  return {
    stop: async () => {
      stopping = true;
      wake();
      await Promise.all(watchers);
    },
  };
}

/**
 * A server that is not our child (Postgres runs detached under pg_ctl) is watched by polling
 * `isAlive`; two misses in a row mean dead (`why` says how it looked).
 */
export function watchAlive(isAlive: () => boolean, why: string, intervalMs = 1_000): { died: Promise<string>; cancel: () => void } {
  let cancelled = false;
  const died = (async () => {
    let misses = 0;
    while (!cancelled) {
      await new Promise((r) => setTimeout(r, intervalMs).unref());
      if (cancelled) break;
      misses = isAlive() ? 0 : misses + 1;
      if (misses >= 2) return why;
    }
    return new Promise<string>(() => undefined);
  })();
  return { died, cancel: () => (cancelled = true) };
}

/** Whether the process in a pid file (its first line, as postmaster.pid has it) still runs. */
export function pidFileAlive(pidFile: string, readFile: (file: string) => string): boolean {
  try {
    const pid = Number(readFile(pidFile).split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user (the postgres user, when we are not root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The pid files of a stack's data folder (`<data>/pids/<name>.json`): what a start that was itself
 * killed (kill -9, a closed terminal) left running, for the next start to find. Each names the
 * pid and a piece of its command line, so a pid the system gave to another program since is
 * left alone.
 */
export type PidRecord = { pid: number; name: string; commandLine: string };

const pidDir = (dataDir: string) => path.join(dataDir, 'pids');
const fileName = (name: string) => `${name.replace(/[^a-z0-9-]+/gi, '-')}.json`;

export function writePidFile(dataDir: string, record: PidRecord): void {
  mkdirSync(pidDir(dataDir), { recursive: true });
  writeFileSync(path.join(pidDir(dataDir), fileName(record.name)), JSON.stringify(record));
}

export function removePidFile(dataDir: string, name: string): void {
  rmSync(path.join(pidDir(dataDir), fileName(name)), { force: true });
}

/** Whether `pid` runs and its command line (NUL-separated in /proc) holds `commandLine`. */
export function processMatches(
  pid: number,
  commandLine: string,
  readFile: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): boolean {
  try {
    return readFile(`/proc/${pid}/cmdline`).split('\0').join(' ').includes(commandLine);
  } catch {
    return false;
  }
}

export function readPidFiles(dataDir: string): PidRecord[] {
  if (!existsSync(pidDir(dataDir))) return [];
  return readdirSync(pidDir(dataDir))
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [JSON.parse(readFileSync(path.join(pidDir(dataDir), name), 'utf8')) as PidRecord];
      } catch {
        return [];
      }
    });
}

/**
 * Stops what the pid files name and still runs (each was started in a process group of its own:
 * SIGTERM to the group, SIGKILL after `graceMs`), and removes the files. A record of a live
 * `npm start` (the supervisor's own, `name` "npm start") is not a leftover: that start is running,
 * and this one must not take its data, so it throws.
 */
export async function stopLeftovers(dataDir: string, options: { graceMs?: number; self?: number } = {}): Promise<PidRecord[]> {
  const stopped: PidRecord[] = [];
  const records = readPidFiles(dataDir);
  const supervisor = records.find((r) => r.name === 'npm start' && r.pid !== options.self && processMatches(r.pid, r.commandLine));
  if (supervisor)
    throw new Error(
      `another \`npm start\` (pid ${supervisor.pid}) runs with the data of ${dataDir}: stop it first (Ctrl-C in its terminal)`,
    );
  for (const record of records) {
    if (record.name === 'npm start') continue;
    if (processMatches(record.pid, record.commandLine)) {
      stopped.push(record);
      signalGroup(record.pid, 'SIGTERM');
    }
  }
  const deadline = Date.now() + (options.graceMs ?? 10_000);
  while (stopped.some((r) => processMatches(r.pid, r.commandLine)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const record of stopped) if (processMatches(record.pid, record.commandLine)) signalGroup(record.pid, 'SIGKILL');
  while (stopped.some((r) => processMatches(r.pid, r.commandLine))) await new Promise((r) => setTimeout(r, 50));
  for (const record of records) if (record.name !== 'npm start') removePidFile(dataDir, record.name);
  return stopped;
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // gone meanwhile
    }
  }
}
