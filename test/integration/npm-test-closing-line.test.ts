import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { looksLikeClosingLine } from '../../scripts/stack/test-tally';

const root = path.resolve(__dirname, '..', '..');

/** `npm test` as CI runs it (CI=true, no stdin), narrowed to unit files so it needs no stack of its own. */
function npmTest(args: string[]): { status: number | null; lines: string[] } {
  const run = spawnSync(process.execPath, ['scripts/bootstrap.mjs', 'test', ...args], {
    cwd: root,
    env: { ...process.env, CI: 'true', SKIP_STATIC_CHECKS: '1', SKIP_FUZZ: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 240_000,
  });
  // stdout and stderr interleave in CI's one stream; the closing line is written last on stdout after everything else has ended.
  const lines = `${run.stderr}\n${run.stdout}`.split('\n').filter((l) => l.trim() !== '');
  return { status: run.status, lines };
}

describe('npm test tells CI what it ran', () => {
  it('ends with the plain closing line, and no earlier line looks like a runner closing', () => {
    const { status, lines } = npmTest(['test/unit/scripts/stack/test-tally.test.ts', '--selectProjects', 'unit']);
    expect(status).toBe(0);
    const last = lines[lines.length - 1];
    expect(last).toMatch(/^[1-9]\d* passed, 0 failed, 0 skipped$/);
    expect(lines.slice(0, -1).filter(looksLikeClosingLine)).toEqual([]);
  }, 300_000);

  it('counts a jest run that found nothing to run as failed, and exits non-zero', () => {
    const { status, lines } = npmTest(['test/unit/no-such-file-anywhere.test.ts', '--selectProjects', 'unit']);
    expect(status).toBe(1);
    expect(lines[lines.length - 1]).toBe('0 passed, 1 failed, 0 skipped');
  }, 300_000);
});
