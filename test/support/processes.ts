import path from 'node:path';
import { getFreePort } from '../../scripts/stack/ports';
import type { ManagedProcess } from '../../scripts/stack/processes';
import { startServiceProcess, waitForReady } from '../../scripts/stack/stack';
import { stackEnv } from './stack';

/**
 * Extra api / worker processes for reliability tests, beside the shared ones `npm test` runs.
 * They use the stack's Postgres and Temporal with overrides (another namespace, a dead
 * Temporal address...). Logs go to the test data directory so a failure can be diagnosed.
 */
export type ExtraProcess = ManagedProcess & { url?: string; kill9: () => Promise<void> };

function logFile(name: string): string | undefined {
  const dir = process.env.TEST_DATA_DIR;
  return dir ? path.join(dir, `${name}-${process.pid}-${Date.now()}.log`) : undefined;
}

function withKill9(proc: ManagedProcess): ManagedProcess & { kill9: () => Promise<void> } {
  return {
    ...proc,
    kill9: async () => {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
      proc.child.kill('SIGKILL');
      await proc.exited;
    },
  };
}

export async function startExtraWorker(overrides: Record<string, string>): Promise<ExtraProcess> {
  // Its own metrics port: the shared worker holds the stack's.
  const env = { ...stackEnv(), WORKER_METRICS_PORT: '0', ...overrides };
  return withKill9(startServiceProcess('worker', env, { echo: false, logFile: logFile('worker') }));
}

/** An api process on a free port; `waitReady: false` for one whose dependencies are meant to be down. */
export async function startExtraApi(
  overrides: Record<string, string>,
  options: { waitReady?: boolean } = {},
): Promise<ExtraProcess & { url: string }> {
  const port = await getFreePort();
  const env = { ...stackEnv(), ...overrides, PORT: String(port) };
  const proc = withKill9(startServiceProcess('api', env, { echo: false, logFile: logFile('api') }));
  const url = `http://127.0.0.1:${port}`;
  if (options.waitReady === false) {
    await waitForListening(url, 60_000);
  } else {
    await waitForReady(url, 60_000, proc.exited);
  }
  return { ...proc, url };
}

async function waitForListening(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start listening`);
}

/** A port nothing listens on (bound and released at once). */
export async function closedPort(): Promise<number> {
  return getFreePort();
}

export async function httpJson(
  url: string,
  method: string,
  pathName: string,
  options: { apiKey?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${url}${pathName}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}
