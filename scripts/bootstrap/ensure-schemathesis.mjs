import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, run, toolsDir } from './bootstrap-process.mjs';
import { SCHEMATHESIS_VERSION } from './tool-pins.mjs';

/**
 * Schemathesis for the fuzzing stage (docs/testing.md): pinned, from PyPI, into .tools/schemathesis
 * with `pip install --target` (no virtualenv needed); run as `python3 -m schemathesis.cli` with
 * that folder on PYTHONPATH (scripts/stack/fuzz-stage.ts).
 */
export function ensureSchemathesis() {
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
  run(python, [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--no-warn-script-location',
    '--target',
    dir,
    `schemathesis==${SCHEMATHESIS_VERSION}`,
  ]);
  writeFileSync(stamp, SCHEMATHESIS_VERSION);
}
