import { KEY_USE_RECORD_INTERVAL_MS, parseScopes, shouldRecordKeyUse } from '../../../domain/tenancy';

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

describe('parseScopes', () => {
  it.each([
    ['workflows:read,workflows:write', ['workflows:read', 'workflows:write'], []],
    ['analyses:read, webhooks:retry', ['analyses:read', 'webhooks:retry'], []],
    ['workflows:terminate,analyses:read', ['analyses:read'], ['workflows:terminate']],
  ])('%s', (value, valid, unknown) => {
    expect(parseScopes(value)).toEqual({ valid, unknown });
  });
});
