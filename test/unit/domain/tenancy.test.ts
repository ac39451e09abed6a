import { quotaPeriod, quotaPeriodResetsAt, quotaStanding } from '../../../domain/tenancy';

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
    expect(quotaStanding({ analyses: 10, adverse_media: null }, { analyses: 12, adverse_media: 5 })).toEqual({
      analyses: { limit: 10, used: 12, remaining: 0 },
      adverse_media: { limit: null, used: 5, remaining: null },
      reports: { limit: 0, used: 0, remaining: 0 },
    });
  });
});
