import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describeDrift } from '../../../scripts/generate-console-api-types';

const root = path.resolve(__dirname, '..', '..', '..');

describe('the console API types generated from the OpenAPI document', () => {
  it.each([
    ['the same text is no drift', 'a\nb\n', 'a\nb\n', null],
    ['a missing file', null, 'a\n', /is missing: run npm run console:api-types/],
    ['a changed line, named by its number', 'a\nb\nc\n', 'a\nB\nc\n', /differs from the OpenAPI document \(first at line 2\)/],
    ['a line more in the fresh generation', 'a\n', 'a\nb\n', /first at line 2/],
  ])('%s', (_case, committed, fresh, expected) => {
    const drift = describeDrift(committed, fresh);
    if (expected === null) expect(drift).toBeNull();
    else expect(drift).toMatch(expected);
  });

  it('the committed console/src/api/openapi-types.ts is a fresh generation (npm run console:api-types)', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'generate-console-api-types.ts'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);
});
