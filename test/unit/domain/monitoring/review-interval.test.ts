import { nextReviewAt, reviewMonthsOf } from '../../../../domain/monitoring/review-interval';

describe('periodic review by risk level', () => {
  it.each([
    ['critical', {}, 3],
    ['high', {}, 6],
    ['medium', {}, 12],
    ['low', {}, 24],
    [null, {}, 3],
    ['low', { low: 36 }, 36],
    ['low', { high: 1 }, 24],
    ['medium', { medium: 0 }, 12],
    ['medium', { medium: 121 }, 12],
    ['medium', { medium: 1.5 }, 12],
    ['high', { high: 1 }, 1],
  ] as const)('%p with overrides %j reviews after %i months', (level, overrides, months) => {
    expect(reviewMonthsOf(level, overrides)).toBe(months);
  });

  it.each([
    ['2026-11-25T10:00:00.000Z', 'critical', '2027-02-25T10:00:00.000Z'],
    ['2026-11-30T23:59:59.999Z', 'critical', '2027-02-28T23:59:59.999Z'],
    ['2027-11-30T00:00:00.000Z', 'critical', '2028-02-29T00:00:00.000Z'],
    ['2026-01-31T08:00:00.000Z', 'high', '2026-07-31T08:00:00.000Z'],
    ['2026-03-31T08:00:00.000Z', 'high', '2026-09-30T08:00:00.000Z'],
    ['2026-11-25T10:00:00.000Z', 'medium', '2027-11-25T10:00:00.000Z'],
    ['2024-02-29T00:00:00.000Z', 'low', '2026-02-28T00:00:00.000Z'],
  ] as const)('checked at %s with %s: next review %s', (checkedAt, level, expected) => {
    expect(nextReviewAt(new Date(checkedAt), level).toISOString()).toBe(expected);
  });
});
