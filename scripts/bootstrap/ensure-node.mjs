// Node 22 for the whole run where the machine's Node is older (docs/contributing.md, "Node").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, toolsDir } from './bootstrap-process.mjs';
import { NODE_VERSION } from './tool-pins.mjs';

export const nodeDir = path.join(toolsDir, 'node-22');
export const nodeBinDir = path.join(nodeDir, 'node_modules', 'node', 'bin');
const nodeBin = path.join(nodeBinDir, 'node');

/** Whether a Node of `version` (process.version) runs the project as it is, or must hand over to the pinned 22. */
export function needsPinnedNode(version) {
  return Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0) < Number(NODE_VERSION.split('.')[0]);
}

/**
 * npm's `node` package of the pinned version in .tools/node-22 (its install script fetches the
 * platform's binary package; npm's cache makes a second install offline). Its own package.json
 * allows that one script (npm 11 runs a dependency's install scripts only when allowed).
 */
function ensurePinnedNode() {
  const stamp = path.join(nodeDir, '.version');
  if (existsSync(nodeBin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === NODE_VERSION) return;
  mkdirSync(nodeDir, { recursive: true });
  log(`installing Node ${NODE_VERSION} (npm's node package) into .tools/node-22…`);
  writeFileSync(
    path.join(nodeDir, 'package.json'),
    `${JSON.stringify({ name: 'node-22-toolchain', private: true, dependencies: { node: NODE_VERSION }, allowScripts: { [`node@${NODE_VERSION}`]: true } }, null, 2)}\n`,
  );
  const npm = spawnSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel=error'], {
    cwd: nodeDir,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (npm.status !== 0 || !existsSync(nodeBin)) {
    log(`could not install Node ${NODE_VERSION} with npm into ${nodeDir}; see the messages above (or install Node 22 yourself)`);
    process.exit(1);
  }
  writeFileSync(stamp, NODE_VERSION);
}

/**
 * On a Node older than 22: installs the pinned one (once) and runs this same command on it, its
 * folder first on PATH so every child — api, worker, jest, the ops CLI, tools started through
 * `#!/usr/bin/env node` — runs on it too; says so in one line. Returns false when nothing was
 * needed (the caller goes on), else never returns (the re-run's exit code ends this process).
 */
export function rerunOnPinnedNode() {
  if (!needsPinnedNode(process.version)) return false;
  ensurePinnedNode();
  log(`Node ${process.version} is older than 22: running on Node ${NODE_VERSION} from .tools/node-22 (npm's node package)`);
  const child = spawn(nodeBin, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
