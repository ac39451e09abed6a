import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const checker = path.join(root, 'lint', 'repository-imports.mjs');

/** The repositories the checker reports for a tree (native ESM: run as `npm run lint` runs it). */
function reported(tree: string): string[] {
  const run = spawnSync(process.execPath, [checker, tree], { encoding: 'utf8' });
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(run.status).toBe(lines.length > 0 ? 1 : 0);
  return lines.map((line) => line.split(': imports ')[0]);
}

function treeOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'repository-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const repo = 'db/repositories/things/thing-repository.ts';

describe('repositories hold SQL only (lint/repository-imports.mjs)', () => {
  it.each([
    ['a media matcher value', "import { screenArticles } from '../../../domain/media/screen-articles';", [repo]],
    ['a media value beside a type', "import { type MediaArticle, prepareNames } from '../../../domain/media/screen-article';", [repo]],
    ['the scoring engine', "import { scoreSnapshot } from '../../../domain/scoring/score-snapshot';", [repo]],
    ['the watchlist scorer', "import { scoreMatch } from '../../../domain/watchlists/score-match';", [repo]],
    ['the watchlist ranking', "import { rankCandidates } from '../../../domain/watchlists/rank-candidates';", [repo]],
    ['a re-export of a policy module', "export { screenArticles } from '../../../domain/media/screen-articles';", [repo]],
    ['a multi-line import', "import {\n  searchTermsFor,\n} from '../../../domain/media/search-terms';", [repo]],
    ['a type of a policy module', "import type { ScreeningRun } from '../../../domain/media/screen-articles';", []],
    ['types named one by one', "import { type ScreeningRun, type CandidateArticle } from '../../../domain/media/screen-articles';", []],
    ['vocabulary of the domain', "import { isUuid } from '../../../domain/uuid';", []],
    ['watchlist retrieval parameters', "import { candidateRetrieval } from '../../../domain/watchlists/candidate-query';", []],
    ['an import in a comment', "// import { screenArticles } from '../../../domain/media/screen-articles';", []],
  ])('%s', (_, line, expected) => {
    expect(reported(treeOf({ [repo]: `${line}\nexport const x = 1;\n` }))).toEqual(expected);
  });

  it('judges only db/repositories/: a use case applies the domain to the rows', () => {
    expect(
      reported(treeOf({ 'usecases/things/screen-things.ts': "import { screenArticles } from '../../domain/media/screen-articles';\n" })),
    ).toEqual([]);
  });

  it('no repository of the code base imports a scoring or classification module', () => {
    expect(reported(root)).toEqual([]);
  });
});
