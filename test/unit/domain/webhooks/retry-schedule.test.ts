import { nextRetryDelayMs, parseRetryAfterMs } from '../../../../domain/webhooks/retry-schedule';

describe('retry schedule', () => {
  const scheduleMs = [5_000, 300_000, 1_800_000];

  it.each([
    // failed attempts, random, retry-after, expected
    [1, 0.5, null, 5_000],
    [1, 0, null, 4_000],
    [1, 0.999999, null, 6_000],
    [2, 0.5, null, 300_000],
    [3, 0.5, null, 1_800_000],
    [4, 0.5, null, null],
    [1, 0.5, 60_000, 60_000],
    [2, 0.5, 1_000, 300_000],
    [1, 0.5, 10 * 86_400_000, 86_400_000],
    [4, 0.5, 1_000, null],
  ])('after %i failed attempt(s) with random %d and Retry-After %p waits %p ms', (failed, random, retryAfterMs, expected) => {
    expect(nextRetryDelayMs({ scheduleMs, failedAttemptsInRun: failed, random, retryAfterMs })).toBe(expected);
  });

  it('spreads retries over ±20 % of the step', () => {
    const delays = Array.from({ length: 101 }, (_, i) =>
      nextRetryDelayMs({ scheduleMs: [10_000], failedAttemptsInRun: 1, random: i / 101 })!,
    );
    expect(Math.min(...delays)).toBe(8_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(12_000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });

  const now = new Date('2026-03-01T12:00:00Z');
  it.each([
    ['120', 120_000],
    [' 0 ', 0],
    ['Sun, 01 Mar 2026 12:01:00 GMT', 60_000],
    ['Sun, 01 Mar 2026 11:00:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    ['1.5', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('reads Retry-After %p as %p ms', (header, expected) => {
    expect(parseRetryAfterMs(header as string | null | undefined, now)).toBe(expected);
  });
});
