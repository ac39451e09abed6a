import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const checker = path.resolve(__dirname, '..', '..', '..', 'lint', 'import-cycles.mjs');

/** The cycles the checker reports for a tree of files (native ESM: run as `npm run lint` runs it). */
function reportedCycles(files: Record<string, string>): string[] {
  const root = mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });
  const cycles = run.stderr
    .split('\n')
    .filter((line) => line.startsWith('import cycle: '))
    .map((line) => line.slice('import cycle: '.length));
  expect(run.status).toBe(cycles.length > 0 ? 1 : 0);
  return cycles;
}

describe('no import cycles (lint/import-cycles.mjs)', () => {
  it.each<[string, Record<string, string>, string[]]>([
    [
      'a DAG passes',
      {
        'a/x.ts': "import { y } from './y';\nimport { z } from '../b/z';",
        'a/y.ts': "import { z } from '../b/z';",
        'b/z.ts': 'export const z = 1;',
      },
      [],
    ],
    [
      'two files importing each other fail',
      { 'a/x.ts': "import { y } from './y';", 'a/y.ts': "import type { X } from './x';" },
      ['a/x.ts ⇄ a/y.ts'],
    ],
    [
      'a loop of three fails',
      { 'a/x.ts': "export { y } from './y';", 'a/y.ts': "import { z } from '../b/z';", 'b/z.ts': "import { x } from '../a/x';" },
      ['a/x.ts ⇄ a/y.ts ⇄ b/z.ts'],
    ],
    ['a file importing itself fails', { 'a/x.ts': "import { x } from './x';" }, ['a/x.ts']],
    [
      'an .mjs loop, through an index module, fails',
      { 'l/one.mjs': "import { two } from './two/index.mjs';", 'l/two/index.mjs': "import { one } from '../one.mjs';" },
      ['l/one.mjs ⇄ l/two/index.mjs'],
    ],
    ['a dynamic import counts', { 'a/x.ts': "const y = () => import('./y');", 'a/y.ts': "import { x } from './x';" }, ['a/x.ts ⇄ a/y.ts']],
    [
      'an import in a comment does not count',
      { 'a/x.ts': "// import { y } from './y';\n/* import { y } from './y'; */", 'a/y.ts': "import { x } from './x';" },
      [],
    ],
    ['packages and files outside the project do not count', { 'a/x.ts': "import knex from 'knex';\nimport { q } from './missing';" }, []],
    [
      'node_modules is not the project',
      { 'node_modules/p/a.ts': "import { b } from './b';", 'node_modules/p/b.ts': "import { a } from './a';" },
      [],
    ],
  ])('%s', (_case, files, cycles) => {
    expect(reportedCycles(files)).toEqual(cycles);
  });
});
