import {
  formatMatchScore,
  orderByStaleness,
  readWatchlistMatch,
  watchlistMatchesOf,
} from '../../../../../console/src/logic/watchlist-match';

const routeItem = {
  list: 'un',
  entry_id: 'QDi.901',
  schema: 'person',
  name: 'ABDUL RAHMAN YUSUF AL-QASIMI',
  matched_name: 'Abd al-Rahman Yousef al-Qasimi',
  score: 0.97,
  match: true,
  features: { name: 0.9412, birth_date: 1, nationality: null, document: null },
  explanation: ['name: 3 of 3 words agree', 'birth date: confirms'],
  programs: ['Al-Qaida'],
  listed_on: '2010-03-15',
  list_version: '2026-11-15T10:00:00.000Z',
};
const evidenceContent = {
  entity_id: 7,
  screened_as: 'person',
  query: { name: 'Abdul Rahman al-Qasimi' },
  list: 'un',
  entry_id: 'QDi.901',
  list_version: 'v1',
  matched_name: 'ABDUL RAHMAN YUSUF AL-QASIMI',
  entry: { names: [{ name: 'ABDUL RAHMAN YUSUF AL-QASIMI', quality: 'primary' }], programs: ['Al-Qaida'] },
  score: '0.9100',
  match: false,
  features: { name: '0.9100', birth_date: '0.0000', nationality: null, document: null },
  explanation: ['birth date: contradicts'],
};

describe('watchlist results in the console', () => {
  it.each([
    [0.97, '0.9700'],
    ['0.9100', '0.9100'],
    [1, '1.0000'],
    [null, null],
    [undefined, null],
    ['n/a', 'n/a'],
  ])('formatMatchScore(%p) = %p', (value, expected) => {
    expect(formatMatchScore(value)).toBe(expected);
  });

  it.each([
    [
      'a POST /watchlists/match item',
      routeItem,
      {
        list: 'un',
        entryId: 'QDi.901',
        name: 'ABDUL RAHMAN YUSUF AL-QASIMI',
        score: '0.9700',
        match: true,
        listVersion: '2026-11-15T10:00:00.000Z',
        programs: ['Al-Qaida'],
      },
    ],
    [
      'a verdict evidence',
      evidenceContent,
      {
        list: 'un',
        entryId: 'QDi.901',
        name: 'ABDUL RAHMAN YUSUF AL-QASIMI',
        score: '0.9100',
        match: false,
        listVersion: 'v1',
        programs: ['Al-Qaida'],
      },
    ],
  ])('reads %s', (_name, value, expected) => {
    expect(readWatchlistMatch(value)).toMatchObject(expected);
  });

  it('shows every feature in a fixed order, null when a side lacks it', () => {
    expect(readWatchlistMatch(routeItem)!.features).toEqual([
      { feature: 'name', score: '0.9412' },
      { feature: 'birth_date', score: '1.0000' },
      { feature: 'nationality', score: null },
      { feature: 'document', score: null },
    ]);
  });

  it.each([[null], [{}], [{ list: 'un', entry_id: 'x' }], ['text']])('is not a result: %p', (value) => {
    expect(readWatchlistMatch(value)).toBeNull();
  });

  it('picks the watchlist evidences of a signal only', () => {
    expect(
      watchlistMatchesOf([
        { key: 'sanction', content: {} },
        { key: 'watchlist_entry', content: evidenceContent },
        { key: 'watchlist_entry', content: null },
      ]).map((m) => m.entryId),
    ).toEqual(['QDi.901']);
    expect(watchlistMatchesOf(undefined)).toEqual([]);
  });

  it('puts stale lists first, keeping the order within each group', () => {
    expect(
      orderByStaleness([
        { list: 'un', stale: false },
        { list: 'ofac_sdn', stale: true },
        { list: 'eu_fsf', stale: false },
        { list: 'cepim', stale: true },
      ]).map((l) => l.list),
    ).toEqual(['ofac_sdn', 'cepim', 'un', 'eu_fsf']);
  });
});
