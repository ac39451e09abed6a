import { ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import readline from 'node:readline';

export type ManagedProcess = {
  name: string;
  child: ChildProcess;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the process is gone. */
  stop: (graceMs?: number) => Promise<void>;
  exited: Promise<number | null>;
  /** Resolves at the first output line that matches (e.g. a worker's "worker running"). */
  waitForLine: (pattern: RegExp, timeoutMs: number) => Promise<void>;
};

/**
 * Starts a child in its own process group (so a terminal's Ctrl-C reaches only the supervisor,
 * which then stops children in order) and relays its output, prefixed, or into a log file.
 */
export function startProcess(options: {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  logFile?: string;
  echo?: boolean;
}): ManagedProcess {
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = options.logFile ? createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  const watchers: { pattern: RegExp; resolve: () => void }[] = [];
  let openStreams = 2;
  for (const stream of [child.stdout!, child.stderr!]) {
    const lines = readline.createInterface({ input: stream });
    lines.on('line', (line) => {
      file?.write(`${line}\n`);
      if (options.echo !== false) process.stdout.write(`[${options.name}] ${line}\n`);
      for (const watcher of watchers.filter((w) => w.pattern.test(line))) {
        watchers.splice(watchers.indexOf(watcher), 1);
        watcher.resolve();
      }
    });
    // The log file closes after the last line of both streams, not at exit (lines may trail).
    lines.on('close', () => --openStreams === 0 && file?.end());
  }
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async (graceMs = 25_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  const waitForLine = (pattern: RegExp, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${options.name}: no line matching ${pattern} within ${timeoutMs} ms`)), timeoutMs);
      watchers.push({ pattern, resolve: () => (clearTimeout(timer), resolve()) });
      exited.then(
        (code) => (clearTimeout(timer), reject(new Error(`${options.name} exited (${code}) before printing ${pattern}`))),
        reject,
      );
    });
  return { name: options.name, child, stop, exited, waitForLine };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${(lastError as Error).message}` : ''}`);
}
