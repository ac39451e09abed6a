import { spawn } from 'node:child_process';
import path from 'node:path';
import { privilegedDatabaseUrls } from './database-roles';
import { stackEnv } from './stack';

export type CliResult = { code: number | null; stdout: string; stderr: string; json: any };

const root = path.resolve(__dirname, '..', '..');

/**
 * Runs the real ops CLI (as `npm run --silent ops -- …` does) against the test stack, with both
 * roles' URLs as an operator has them (docs/operations.md, "Database roles"); `env` may name
 * another database (and then its own owner URL).
 */
export function runOps(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const owner = env.DATABASE_URL ? {} : { DATABASE_OWNER_URL: privilegedDatabaseUrls().ownerUrl };
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'ops', 'cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, ...stackEnv(), ...owner, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => {
      let json: any;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, stdout, stderr, json });
    });
  });
}
