import { defaultFreshnessDays, isListStale, isListStaleOn, parseFreshnessDays } from '../../../../domain/watchlists/list-freshness';

const now = new Date('2026-11-25T12:00:00Z');

describe('list freshness', () => {
  it.each([
    ['', defaultFreshnessDays],
    ['un=3', { ...defaultFreshnessDays, un: 3 }],
    [' ofac_sdn=10 , ceaf=90 ', { ...defaultFreshnessDays, ofac_sdn: 10, ceaf: 90 }],
  ])('%p → days', (text, days) => {
    expect(parseFreshnessDays(text)).toEqual({ days });
  });

  it.each([['ceis=3'], ['un=0'], ['un=abc'], ['un'], ['un=4000']])('%p is refused with the reason', (text) => {
    expect(parseFreshnessDays(text)).toEqual({ problems: [expect.stringContaining(`"${text}" is not <list>=<days>`)] });
  });

  it.each([
    [null, 7, true],
    ['2026-11-18T12:00:00Z', 7, false],
    ['2026-11-18T11:59:59Z', 7, true],
    ['2026-11-01T00:00:00Z', 45, false],
  ])('published %p with %p days: stale %p', (published, days, stale) => {
    expect(isListStale(published === null ? null : new Date(published), now, days)).toBe(stale);
  });

  it.each([
    [null, '2026-11-25', 7, true],
    ['2026-11-18', '2026-11-25', 7, false],
    ['2026-11-17', '2026-11-25', 7, true],
    ['2026-11-25T23:59:59Z', '2026-11-25', 7, false],
    ['2026-10-11', '2026-11-25', 45, false],
    ['2026-10-10', '2026-11-25', 45, true],
  ])('published on %p, analysis of %p, %p days: stale %p', (published, asOf, days, stale) => {
    expect(isListStaleOn(published, asOf, days)).toBe(stale);
  });
});
