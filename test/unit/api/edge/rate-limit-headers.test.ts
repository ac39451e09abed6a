import { rateLimitHeaders, secondsUntil, tooManyRequestsHeaders } from '../../../../api/edge/rate-limit-headers';

describe('rate-limit headers (IETF draft, three fields) and Retry-After', () => {
  const now = new Date('2026-11-30T23:59:00.000Z');
  const resetsAt = new Date('2026-12-01T00:00:00.000Z');

  it.each([
    [resetsAt, 60],
    [new Date(now.getTime() + 1500), 2],
    [now, 1],
    [new Date(now.getTime() - 5000), 1],
  ])('seconds until %p: %i (at least 1)', (at, seconds) => {
    expect(secondsUntil(at, now)).toBe(seconds);
  });

  it('states limit, remaining and reset; a 429 adds Retry-After equal to the reset', () => {
    expect(rateLimitHeaders({ limit: 100, remaining: 7, resetsAt }, now)).toEqual({
      'RateLimit-Limit': '100',
      'RateLimit-Remaining': '7',
      'RateLimit-Reset': '60',
    });
    expect(tooManyRequestsHeaders({ limit: 100, remaining: -3, resetsAt }, now)).toEqual({
      'Retry-After': '60',
      'RateLimit-Limit': '100',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '60',
    });
  });
});
