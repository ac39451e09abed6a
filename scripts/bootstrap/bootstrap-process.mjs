// Where the bootstrap runs and how it reports (node builtins only: it runs before node_modules exist).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const toolsDir = path.join(root, '.tools');
const quiet = process.argv[2] === 'ops'; // ops prints exactly one JSON object on stdout

export function log(message) {
  process.stderr.write(`[bootstrap] ${message}\n`);
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', quiet ? process.stderr : 'inherit', 'inherit'], ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    log(`"${cmd} ${args.join(' ')}" failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}
