#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run bench`, `npm run ops`, `npm run fuzz` and `npm run record-histories` on a fresh clone.
// Plain JavaScript with no dependencies: it installs what is missing (node modules, the pinned
// Temporal CLI, Schemathesis), then hands over to the TypeScript script of the command through tsx.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { log, root } from './bootstrap/bootstrap-process.mjs';
import { rerunOnPinnedNode } from './bootstrap/ensure-node.mjs';
import { ensureNodeModules } from './bootstrap/ensure-node-modules.mjs';
import { ensurePdfToText } from './bootstrap/ensure-pdftotext.mjs';
import { ensureSchemathesis } from './bootstrap/ensure-schemathesis.mjs';
import { ensureTemporalCli, temporalBin } from './bootstrap/ensure-temporal-cli.mjs';

export { NODE_VERSION, SCHEMATHESIS_VERSION, TEMPORAL_CLI_VERSION } from './bootstrap/tool-pins.mjs';

const command = process.argv[2];
const scripts = {
  start: 'scripts/start.ts',
  test: 'scripts/test.ts',
  bench: 'scripts/bench.ts',
  ops: 'scripts/ops.ts',
  fuzz: 'scripts/fuzz.ts',
  'record-histories': 'scripts/record-histories.ts',
};
if (!scripts[command]) {
  log(`unknown command "${command}"; use one of ${Object.keys(scripts).join(', ')}`);
  process.exit(2);
}
// On an older Node the whole command runs again on the pinned Node 22; this process only relays.
if (!rerunOnPinnedNode()) main();

function main() {
  ensureNodeModules();
  if (command !== 'ops' && command !== 'fuzz') ensureTemporalCli();
  if (command === 'test') ensurePdfToText();
  if (command === 'test' || command === 'fuzz') ensureSchemathesis();

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, scripts[command]), ...process.argv.slice(3)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEMPORAL_CLI_PATH: process.env.TEMPORAL_CLI_PATH ?? temporalBin },
  });
  // The child owns the process group's children and handles Ctrl-C itself; we only relay.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
