import { rankCandidates } from '../../../../domain/watchlists/rank-candidates';
import type { WatchlistEntry } from '../../../../domain/watchlists/watchlist-entry';

const entry = (
  list: WatchlistEntry['list'],
  entry_id: string,
  name: string,
  schema: WatchlistEntry['schema'] = 'person',
): WatchlistEntry => ({
  list,
  entry_id,
  schema,
  names: [{ name, quality: 'primary' }],
  birth_dates: [],
  nationalities: [],
  documents: [],
  programs: [],
  listed_on: null,
});

const entries = [
  entry('ofac_sdn', '2', 'Mohamed Hassan'),
  entry('un', 'B', 'Muhammad Hasan'),
  entry('un', 'A', 'Muhammad Hasan'),
  entry('eu_fsf', '9', 'Mohammed Hassan Trading', 'organization'),
  entry('un', 'C', 'Maria Silva'),
];

describe('rankCandidates', () => {
  it.each([
    [{}, ['un/A', 'un/B', 'ofac_sdn/2', 'un/C']],
    [{ limit: 2 }, ['un/A', 'un/B']],
  ])('options %j → %j (best first, ties by list then entry id, schema filtered)', (options, expected) => {
    const ranked = rankCandidates({ schema: 'person', name: 'Muhammad Hasan' }, entries, options);
    expect(ranked.map((r) => `${r.entry.list}/${r.entry.entry_id}`)).toEqual(expected);
  });

  it.each([
    [0.7, [true, true, true, false]],
    [0.99, [true, true, false, false]],
  ])('threshold %d sets the match flags %j', (threshold, flags) => {
    expect(rankCandidates({ schema: 'person', name: 'Muhammad Hasan' }, entries, { threshold }).map((r) => r.result.match)).toEqual(flags);
  });

  it('answers the same order for the entries in any order', () => {
    const forward = rankCandidates({ schema: 'person', name: 'Mohamed Hassan' }, entries).map((r) => r.entry.entry_id);
    const backward = rankCandidates({ schema: 'person', name: 'Mohamed Hassan' }, [...entries].reverse()).map((r) => r.entry.entry_id);
    expect(backward).toEqual(forward);
  });
});
