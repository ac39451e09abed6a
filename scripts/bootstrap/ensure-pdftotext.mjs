import { spawnSync } from 'node:child_process';
import { log } from './bootstrap-process.mjs';

/**
 * The report tests read PDFs back with pdftotext (Debian poppler-utils). Installed with apt when
 * missing and we are root; otherwise one line says what to install (the tests then fail plainly).
 */
export function ensurePdfToText() {
  if (spawnSync('pdftotext', ['-v']).error === undefined) return;
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!asRoot || spawnSync('apt-get', ['--version']).error !== undefined) {
    log('pdftotext is missing: install poppler-utils (apt-get install poppler-utils) for the report tests');
    return;
  }
  log('installing poppler-utils (pdftotext) with apt-get…');
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'poppler-utils'], {
      stdio: ['ignore', process.stderr, 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: ['ignore', process.stderr, 'inherit'] });
    if (install().status !== 0) log('apt-get could not install poppler-utils; the report PDF tests will fail');
  }
}
