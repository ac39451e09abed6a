import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const checker = path.resolve(__dirname, '..', '..', '..', 'lint', 'test-tree.mjs');

/** The test files the checker reports for a tree (it is native ESM: run as `npm run lint` runs it). */
function unmirroredTests(root: string): string[] {
  const run = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });
  const reported = run.stderr
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(':')[0]);
  expect(run.status).toBe(reported.length > 0 ? 1 : 0);
  return reported;
}

function tree(files: string[]): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'test-tree-'));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
  }
  return root;
}

describe('tests mirror the code (lint/test-tree.mjs)', () => {
  it.each([
    ['a test beside its source', ['domain/scoring/risk.ts', 'test/unit/domain/scoring/risk.test.ts'], []],
    [
      'a qualified second test of a module',
      ['domain/scoring/score-snapshot.ts', 'test/unit/domain/scoring/score-snapshot.golden.test.ts'],
      [],
    ],
    ['a test of an index module', ['activities/index.ts', 'test/unit/activities.test.ts'], []],
    ['an ES module source', ['lint/room-imports.mjs', 'test/unit/lint/room-imports.test.ts'], []],
    ['a test named for no file', ['domain/scoring/risk.ts', 'test/unit/scoring/risk.test.ts'], ['test/unit/scoring/risk.test.ts']],
    ['a test of a renamed module', ['usecases/a.ts', 'test/unit/usecases/b.test.ts'], ['test/unit/usecases/b.test.ts']],
  ])('%s', (_name, files, orphans) => {
    expect(unmirroredTests(tree(files))).toEqual(orphans);
  });
});
