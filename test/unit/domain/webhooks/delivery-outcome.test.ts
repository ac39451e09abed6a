import { describeTransportError, judgeAttempt, shouldDisableEndpoint } from '../../../../domain/webhooks/delivery-outcome';

describe('delivery outcome', () => {
  it.each([
    [200, null, 'succeeded'],
    [204, null, 'succeeded'],
    [299, null, 'succeeded'],
    [301, null, 'failed'],
    [302, null, 'failed'],
    [400, null, 'failed'],
    [410, null, 'gone'],
    [429, null, 'failed'],
    [500, null, 'failed'],
    [null, 'connection refused', 'failed'],
    [200, 'response too large', 'failed'],
  ])('status %p with error %p is %s', (statusCode, error, verdict) => {
    expect(judgeAttempt({ statusCode, error })).toBe(verdict);
  });

  const now = new Date('2026-03-10T00:00:00Z');
  const day = 86_400_000;
  it.each([
    ['gone', null, 'endpoint answered 410 Gone'],
    ['succeeded', new Date(now.getTime() - 10 * day), null],
    ['failed', null, null],
    ['failed', new Date(now.getTime() - day), null],
    ['failed', new Date(now.getTime() - 5 * day), 'no successful delivery since 2026-03-05T00:00:00.000Z'],
    ['failed', new Date(now.getTime() - 6 * day), 'no successful delivery since 2026-03-04T00:00:00.000Z'],
  ] as const)('verdict %s failing since %p → disable reason %p', (verdict, firstFailureAt, expected) => {
    expect(shouldDisableEndpoint({ verdict, firstFailureAt, now, disableAfterMs: 5 * day })).toBe(expected);
  });

  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:1' }, 'connection refused'],
    [{ code: 'ERR_WEBHOOK_TIMEOUT' }, 'timed out'],
    [{ code: 'ERR_WEBHOOK_TARGET_FORBIDDEN', message: 'target address not allowed (loopback)' }, 'target address not allowed (loopback)'],
    [{ message: 'x'.repeat(300) }, 'x'.repeat(200)],
  ])('describes %p as %p', (error, expected) => {
    expect(describeTransportError(error)).toBe(expected);
  });
});
