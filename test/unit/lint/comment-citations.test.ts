import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const checker = path.join(root, 'lint', 'comment-citations.mjs');

/** The `file:line` places the checker reports for a tree (native ESM: run as `npm run lint` runs it). */
function reported(tree: string): string[] {
  const run = spawnSync(process.execPath, [checker, tree], { encoding: 'utf8' });
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(run.status).toBe(lines.length > 0 ? 1 : 0);
  return lines.map((line) => line.split(': ')[0]);
}

function treeOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'comment-citations-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

// The words are split so that this file's own comments and strings stay clean of what it looks for.
const design = 'DES' + 'IGN';
const issue = 'iss' + 'ue';

describe('comments cite only docs/ (lint/comment-citations.mjs)', () => {
  it.each([
    ['a line comment citing the design notes', 'api/x.ts', `const a = 1; // see ${design}.md §3\n`, ['api/x.ts:1']],
    [
      'a doc comment citing the design notes',
      'domain/x.ts',
      `/**\n * Why (${design}: the first version).\n */\nexport const a = 1;\n`,
      ['domain/x.ts:2'],
    ],
    ['an issue by number', 'bench/x.ts', `/** The targets of ${issue} 23. */\n`, ['bench/x.ts:1']],
    ['issues by number, capitalised', 'support/x.ts', `// ${issue.replace('i', 'I')}s 4 and 6\n`, ['support/x.ts:1']],
    ['an issue by hash', 'usecases/x.ts', '// fixed in #41\n', ['usecases/x.ts:1']],
    ['a YAML comment', 'docker-compose.yml', `# topology (${design}.md §1)\nservices: {}\n`, ['docker-compose.yml:1']],
    ['a Python comment', 'scripts/x.py', `x = 1  # ${issue} 7\n`, ['scripts/x.py:1']],
    ['a comment citing a docs page', 'api/x.ts', '// docs/workflows.md, "Cancellation"\n', []],
    ['a colour in code', 'console/src/x.ts', "export const c = '#123456';\n", []],
    ['a URL in a string', 'api/x.ts', "export const u = 'http://x/issue 5';\n", []],
    ['the docs tell the history', `docs/x.ts`, `// ${issue} 23\n`, []],
    ['a shebang', 'scripts/x.sh', '#!/bin/sh\necho ok\n', []],
  ])('%s', (_, file, text, expected) => {
    expect(reported(treeOf({ [file]: text }))).toEqual(expected);
  });

  it('no comment of the code base cites the design notes or an issue number', () => {
    expect(reported(root)).toEqual([]);
  });
});
