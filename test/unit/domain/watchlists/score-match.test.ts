import { defaultMatchThreshold, roundScore, scoreMatch } from '../../../../domain/watchlists/score-match';
import type { MatchQuery, WatchlistEntry } from '../../../../domain/watchlists/watchlist-entry';

const entry = (names: [string, 'primary' | 'strong' | 'weak'][], extra: Partial<WatchlistEntry> = {}): WatchlistEntry => ({
  list: 'un',
  entry_id: 'QDi.001',
  schema: 'person',
  names: names.map(([name, quality]) => ({ name, quality })),
  birth_dates: ['1957-03-10'],
  nationalities: ['SA'],
  documents: [{ type: 'Passport', number: 'C 527 134', country: 'SA' }],
  programs: ['QDi'],
  listed_on: '2001-01-25',
  ...extra,
});
const usama = entry([
  ['Usama Muhammed Awad BIN LADIN', 'primary'],
  ['Abu Abdallah', 'weak'],
]);

describe('scoreMatch', () => {
  it.each<[string, MatchQuery, number, boolean, (number | null)[]]>([
    ['name alone', { schema: 'person', name: 'Osama bin Laden' }, 0.7883, true, [0.7883, null, null, null]],
    [
      'name and birth date confirm',
      { schema: 'person', name: 'Osama bin Laden', birth_date: '1957-03-10' },
      0.8683,
      true,
      [0.7883, 1, null, null],
    ],
    ['name and birth year', { schema: 'person', name: 'Osama bin Laden', birth_date: '1957' }, 0.8283, true, [0.7883, 0.8, null, null]],
    ['birth date contradicts', { schema: 'person', name: 'Osama bin Laden', birth_date: '1980' }, 0.5383, false, [0.7883, 0, null, null]],
    [
      'nationality contradicts',
      { schema: 'person', name: 'Usama Muhammed Awad bin Ladin', nationality: 'BR' },
      0.6,
      false,
      [1, null, 0, null],
    ],
    ['document confirms a partial name', { schema: 'person', name: 'Usama Ladin', document: 'c527134' }, 1, true, [0.86, null, null, 1]],
    ['document differs', { schema: 'person', name: 'Usama Muhammed Awad bin Ladin', document: 'X999' }, 0.95, true, [1, null, null, 0]],
    ['weak alias', { schema: 'person', name: 'Abu Abdullah' }, 0.9, true, [0.9, null, null, null]],
    ['another person', { schema: 'person', name: 'Maria Silva', birth_date: '1957-03-10' }, 0, false, [0, 1, null, null]],
    ['aliases of the query', { schema: 'person', name: 'John Doe', aliases: ['أسامة بن لادن'] }, 0.78, true, [0.78, null, null, null]],
  ])('%s: score %d, match %s, features %j', (_label, query, score, match, features) => {
    const result = scoreMatch(query, usama);
    expect(result.score).toBe(score);
    expect(result.match).toBe(match);
    expect([result.features.name, result.features.birth_date, result.features.nationality, result.features.document]).toEqual(features);
  });

  it('explains the name, each feature and a refused match', () => {
    expect(scoreMatch({ schema: 'person', name: 'Osama bin Laden', birth_date: '1980' }, usama).explanation).toEqual([
      'name: 2 of 4 words agree ("osama" ~ "usama": spelling variant; "laden" ~ "ladin": similar spelling)',
      'birth date: contradicts (1980 vs 1957-03-10)',
      'not a match: the name agrees but the birth date contradicts',
    ]);
  });

  it('names the entry name that agreed', () => {
    expect(scoreMatch({ schema: 'person', name: 'Abu Abdullah' }, usama)).toMatchObject({ matched_name: 'Abu Abdallah' });
  });

  it.each([
    [0.75, true],
    [0.8, false],
  ])('threshold %d gives match %s', (threshold, match) => {
    expect(scoreMatch({ schema: 'person', name: 'Osama bin Laden' }, usama, threshold).match).toBe(match);
  });

  it('defaults to 0.70', () => expect(defaultMatchThreshold).toBe(0.7));

  it.each([
    [0.123456, 0.1235],
    [0.99995, 1],
    [1 / 3, 0.3333],
  ])('rounds %d to %d', (raw, rounded) => expect(roundScore(raw)).toBe(rounded));
});

describe('scoreMatch over fresh entry objects (the store answers each request with new ones)', () => {
  it.each<[string, WatchlistEntry, MatchQuery]>([
    ['a person, names cached from an earlier object', usama, { schema: 'person', name: 'Osama bin Laden', birth_date: '1957' }],
    [
      'the same spelling as an organization is normalized apart',
      entry([['Usama Muhammed Awad BIN LADIN', 'primary']], { schema: 'organization' }),
      { schema: 'organization', name: 'Usama Ladin Ltda' },
    ],
    ['a weak alias', usama, { schema: 'person', name: 'Abu Abdallah' }],
  ])('%s: equal results', (_label, listed, query) => {
    const first = scoreMatch(query, structuredClone(listed));
    expect(scoreMatch(query, structuredClone(listed))).toEqual(first);
    expect(scoreMatch(query, listed)).toEqual(first);
  });
});
