import { parseReviewMonths, readReviewMonths } from '../../../../domain/monitoring/review-months-setting';

describe('parseReviewMonths', () => {
  it.each([
    ['every level', 'critical=1,high=3,medium=6,low=12', { ok: true, value: { critical: 1, high: 3, medium: 6, low: 12 } }],
    ['some levels, spaces', ' critical = 2 , low=36', { ok: true, value: { critical: 2, low: 36 } }],
    ['back to the defaults', 'default', { ok: true, value: {} }],
    ['the bounds', 'critical=1,low=120', { ok: true, value: { critical: 1, low: 120 } }],
  ] as const)('accepts %s', (_name, text, expected) => {
    expect(parseReviewMonths(text)).toEqual(expected);
  });

  it.each([
    ['zero months', 'critical=0', 'months must be 1–120'],
    ['more than ten years', 'low=121', 'months must be 1–120'],
    ['an unknown level', 'severe=3', '"severe" is not a risk level'],
    ['a level twice', 'high=3,high=4', 'high is given twice'],
    ['no months', 'high', 'is not <level>=<months>'],
    ['a fraction', 'high=2.5', 'is not <level>=<months>'],
    ['nothing', '', 'is not <level>=<months>'],
  ])('refuses %s', (_name, text, error) => {
    const parsed = parseReviewMonths(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(error);
  });
});

describe('readReviewMonths', () => {
  it.each([
    ['a stored setting', { critical: 2, high: 4 }, { critical: 2, high: 4 }],
    ['nothing stored', {}, {}],
    ['null', null, {}],
    ['out-of-range and unknown entries dropped', { critical: 0, high: 4.5, medium: 12, extra: 3, low: '24' }, { medium: 12 }],
  ])('%s', (_name, stored, expected) => {
    expect(readReviewMonths(stored)).toEqual(expected);
  });
});
