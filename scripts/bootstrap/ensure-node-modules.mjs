import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, root, run } from './bootstrap-process.mjs';

/**
 * `npm ci` when package-lock.json changed since the last install (a stamp in node_modules):
 * exactly the lockfile, never rewriting it (a fresh clone stays clean; `npm install` used to add
 * the platform bindings of optional dependencies to the lock).
 */
export function ensureNodeModules() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.install-stamp');
  const wanted = createHash('sha256')
    .update(readFileSync(existsSync(lock) ? lock : path.join(root, 'package.json')))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('installing node modules (npm ci, exactly the lockfile)…');
  run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, wanted);
}
