/**
 * Keeps the local stack's own servers (the Temporal dev server, Postgres) running under
 * `npm start`: when one dies it is started again with back-off, and when it cannot be started
 * `maxAttempts` times in a row the supervisor gives up with one clear line (the caller then
 * stops everything). The api and worker are not restarted: they reconnect on their own.
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
        if (!stopping) options.giveUp(`${dependency.name} could not be restarted after ${maxAttempts} attempts${dependency.logFile ? ` (see ${dependency.logFile})` : ''}; stopping everything`);
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
