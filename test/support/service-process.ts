import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serviceProcessCommand } from '../../scripts/stack/stack';
import { stackEnv } from './stack';

const root = path.resolve(__dirname, '..', '..');

export type ServiceProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** A real api or worker process of the service with the stack's environment plus overrides. */
export function spawnService(name: 'api' | 'worker', env: Record<string, string>): ServiceProcess {
  // Started as `npm start` starts it; its own metrics port: the shared worker holds the stack's.
  const command = serviceProcessCommand(name, { ...stackEnv(), WORKER_METRICS_PORT: '0', ...env });
  const child = spawn(process.execPath, command.args, { cwd: root, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitUntil(predicate: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}
