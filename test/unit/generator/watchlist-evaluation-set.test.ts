import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWatchlistEvaluationSet, evaluationSetPath, serializeEvaluationSet } from '../../../generator/watchlist-evaluation-set';

describe('the watchlist evaluation set', () => {
  const pairs = buildWatchlistEvaluationSet();

  it('is the committed file: regenerating it changes nothing (rerun the generator when a rule changes)', () => {
    expect(serializeEvaluationSet(pairs)).toBe(readFileSync(path.join(__dirname, '..', '..', '..', evaluationSetPath), 'utf8'));
  });

  it.each([
    ['pairs', pairs.length, 3150],
    ['distinct ids', new Set(pairs.map((p) => p.id)).size, 3150],
    ['categories', new Set(pairs.map((p) => p.category)).size, 21],
    ['true pairs', pairs.filter((p) => p.expected_match).length, 2100],
  ])('%s: %d', (_label, actual, expected) => expect(actual).toBe(expected));

  it('gives every pair a reason, a query name and an entry of the query schema', () => {
    const bad = pairs.filter((p) => !p.reason || !p.query.name || p.entry.names.length === 0 || p.entry.schema !== p.query.schema);
    expect(bad.map((p) => p.id)).toEqual([]);
  });

  it('depends on its seed', () => {
    expect(serializeEvaluationSet(buildWatchlistEvaluationSet('another seed', 2))).not.toBe(
      serializeEvaluationSet(buildWatchlistEvaluationSet(undefined, 2)),
    );
  });
});
