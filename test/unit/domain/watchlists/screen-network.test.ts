import type { WatchlistScreeningQuery } from '../../../../domain/analysis/plan-network-screening';
import { defaultFreshnessDays } from '../../../../domain/watchlists/list-freshness';
import { fixedScore, MATCHES_PER_QUERY, type ScreeningCandidate, screenNetwork } from '../../../../domain/watchlists/screen-network';

const candidate = (
  list: ScreeningCandidate['list'],
  entry_id: string,
  name: string,
  extra: Partial<ScreeningCandidate> = {},
): ScreeningCandidate => ({
  list,
  entry_id,
  schema: 'person',
  names: [{ name, quality: 'primary' }],
  birth_dates: [],
  nationalities: [],
  documents: [],
  programs: ['QDi'],
  listed_on: '2010-03-15',
  list_version: `${list}-v1`,
  ...extra,
});
const query = (entity_id: number, name: string, extra: Partial<WatchlistScreeningQuery> = {}): WatchlistScreeningQuery => ({
  entity_id,
  schema: 'person',
  name,
  aliases: [],
  birth_date: null,
  nationality: null,
  ...extra,
});
const versions = [
  { list: 'un', version: '2026-11-20T10:00:00.000Z', published_at: new Date('2026-11-20T10:00:00Z') },
  { list: 'ofac_sdn', version: '2026-11-01', published_at: '2026-11-01T00:00:00.000Z' },
  { list: 'ceaf', version: '2026-11-01', published_at: new Date('2026-11-01T00:00:00Z') },
];
const base = { asOf: '2026-11-25', versions, freshnessDays: defaultFreshnessDays };

describe('screenNetwork', () => {
  it('records each name list with its version, day and staleness at as_of (a list never imported is stale)', () => {
    expect(screenNetwork({ ...base, queries: [], candidates: new Map(), screenedEntityIds: [] }).lists).toEqual([
      { list: 'un', version: '2026-11-20T10:00:00.000Z', published_on: '2026-11-20', freshness_days: 7, stale: false },
      { list: 'ofac_sdn', version: '2026-11-01', published_on: '2026-11-01', freshness_days: 14, stale: true },
      { list: 'eu_fsf', version: null, published_on: null, freshness_days: 7, stale: true },
    ]);
  });

  it('keeps the matches and the contradicted name agreements, with the entry and fixed-point scores, and drops the rest', () => {
    const queries = [
      query(10, 'Abdul Rahman Yusuf al-Qasimi', { birth_date: '1971-04-12' }),
      query(20, 'Fatima Zahra Haddad', { birth_date: '1950' }),
      query(30, 'Fictitious Nobody Here'),
    ];
    const candidates = new Map([
      [
        0,
        [
          candidate('un', 'QDi.901', 'ABDUL RAHMAN YUSUF AL-QASIMI', {
            birth_dates: ['1971-04-12'],
            nationalities: ['YE'],
            documents: [{ type: 'Passport', number: '00123987', country: 'YE' }],
          }),
        ],
      ],
      [1, [candidate('un', 'QDi.904', 'FATIMA ZAHRA HADDAD', { birth_dates: ['1988'] })]],
      [2, [candidate('ofac_sdn', '990001', 'Ivan Sokolov')]],
    ]);
    const screening = screenNetwork({ ...base, queries, candidates, screenedEntityIds: [30, 10, 20, 10] });
    expect(screening.algorithm).toEqual({ name: 'era-name-matcher', version: '1.2.0' });
    expect(screening.threshold).toBe('0.7000');
    expect(screening.screened_entity_ids).toEqual([10, 20, 30]);
    expect(screening.matches.map((m) => [m.entity_id, m.entry_id, m.match])).toEqual([
      [10, 'QDi.901', true],
      [20, 'QDi.904', false],
    ]);
    const [confirmed, contradicted] = screening.matches;
    expect(confirmed).toMatchObject({
      screened_as: 'person',
      query: { name: 'Abdul Rahman Yusuf al-Qasimi', birth_date: '1971-04-12', nationality: null },
      list: 'un',
      list_version: 'un-v1',
      entry: {
        names: [{ name: 'ABDUL RAHMAN YUSUF AL-QASIMI', quality: 'primary' }],
        birth_dates: ['1971-04-12'],
        documents: [{ number: '00123987' }],
        programs: ['QDi'],
        listed_on: '2010-03-15',
      },
      features: { name: '1.0000', birth_date: '1.0000', nationality: null, document: null },
    });
    expect(confirmed.score).toMatch(/^\d\.\d{4}$/);
    expect(confirmed.explanation.length).toBeGreaterThan(0);
    expect(contradicted.features.birth_date).toBe('0.0000');
  });

  it(`keeps at most ${MATCHES_PER_QUERY} results per screened name, best first`, () => {
    const entries = Array.from({ length: MATCHES_PER_QUERY + 2 }, (_, i) =>
      candidate('un', `QDi.${100 + i}`, 'Fictitious Screened Person'),
    );
    const screening = screenNetwork({
      ...base,
      queries: [query(1, 'Fictitious Screened Person')],
      candidates: new Map([[0, entries]]),
      screenedEntityIds: [1],
    });
    expect(screening.matches.map((m) => m.entry_id)).toEqual(['QDi.100', 'QDi.101', 'QDi.102', 'QDi.103', 'QDi.104']);
  });

  it('answers the same screening for the candidates in any order', () => {
    const entries = [
      candidate('un', 'B', 'Muhammad Hasan'),
      candidate('ofac_sdn', '2', 'Mohamed Hassan'),
      candidate('un', 'A', 'Muhammad Hasan'),
    ];
    const run = (list: ScreeningCandidate[]) =>
      screenNetwork({ ...base, queries: [query(1, 'Mohammed Hassan')], candidates: new Map([[0, list]]), screenedEntityIds: [1] });
    expect(run([...entries].reverse())).toEqual(run(entries));
  });

  it.each([
    [0.7, '0.7000'],
    [1, '1.0000'],
    [0.9441, '0.9441'],
    [0, '0.0000'],
  ])('fixedScore(%p) = %p', (value, text) => {
    expect(fixedScore(value)).toBe(text);
  });
});
