import {
  KEY_USE_RECORD_INTERVAL_MS,
  parseScopes,
  quotaPeriod,
  quotaPeriodResetsAt,
  quotaStanding,
  shouldRecordKeyUse,
} from '../../../domain/tenancy';

describe('shouldRecordKeyUse', () => {
  const now = new Date('2026-11-22T10:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it.each([
    ['a key never used', null, true],
    ['a use recorded just now', ago(0), false],
    ['a use recorded 59.999 s ago', ago(KEY_USE_RECORD_INTERVAL_MS - 1), false],
    ['a use recorded exactly a minute ago', ago(KEY_USE_RECORD_INTERVAL_MS), true],
    ['a use recorded an hour ago', ago(3_600_000), true],
    // Clock skew between api hosts and Postgres: a record "in the future" is fresh, not stale.
    ['a use recorded in the future', new Date(now.getTime() + 5_000), false],
  ])('%s → %s', (_name, lastUsedAt, expected) => {
    expect(shouldRecordKeyUse(lastUsedAt, now)).toBe(expected);
  });
});

describe('quota periods and standing', () => {
  it.each([
    ['2026-11-23T10:00:00.000Z', '2026-11', '2026-12-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12', '2027-01-01T00:00:00.000Z'],
    ['2028-02-29T00:00:00.000Z', '2028-02', '2028-03-01T00:00:00.000Z'],
  ])('%s is in %s, which resets at %s', (now, period, resets) => {
    expect(quotaPeriod(new Date(now))).toBe(period);
    expect(quotaPeriodResetsAt(new Date(now)).toISOString()).toBe(resets);
  });

  it('gives limit, used and remaining per billable operation; null is unlimited, absent is 0', () => {
    expect(
      quotaStanding(
        { analyses: 10, adverse_media: null, watchlist_queries: 100 },
        { analyses: 12, adverse_media: 5, watchlist_queries: 42 },
      ),
    ).toEqual({
      analyses: { limit: 10, used: 12, remaining: 0 },
      adverse_media: { limit: null, used: 5, remaining: null },
      reports: { limit: 0, used: 0, remaining: 0 },
      watchlist_queries: { limit: 100, used: 42, remaining: 58 },
      monitors: { limit: 0, used: 0, remaining: 0 },
    });
  });
});

describe('parseScopes', () => {
  it.each([
    ['workflows:read,workflows:write', ['workflows:read', 'workflows:write'], []],
    ['analyses:read, webhooks:retry', ['analyses:read', 'webhooks:retry'], []],
    ['workflows:terminate,analyses:read', ['analyses:read'], ['workflows:terminate']],
  ])('%s', (value, valid, unknown) => {
    expect(parseScopes(value)).toEqual({ valid, unknown });
  });
});
