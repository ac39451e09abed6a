import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, root, run } from './bootstrap-process.mjs';

/** npm install when package-lock.json changed since the last install (a stamp in node_modules). */
export function ensureNodeModules() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.install-stamp');
  const wanted = createHash('sha256').update(readFileSync(existsSync(lock) ? lock : path.join(root, 'package.json'))).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('installing node modules (npm install, as locked)…');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, wanted);
}
