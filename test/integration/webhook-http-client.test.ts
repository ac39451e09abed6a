import { guardedLookup, postWebhook } from '../../infra/webhook-http-client';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

/** The delivery adapter against a real local server: deadline, bounded read, no redirects, SSRF. */
describe('webhook HTTP client', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  const base = { headers: { 'webhook-id': 'x' }, body: '{}', timeoutMs: 5000, maxResponseBytes: 65_536, allowPrivateTargets: true };

  it('gives up at the deadline', async () => {
    receiver.respond('/slow', () => ({ status: 200, delayMs: 3000 }));
    const result = await postWebhook({ ...base, url: receiver.url('/slow'), timeoutMs: 400 });
    // The receiver answers 200 after 3 s: a timed-out result is an attempt given up before that answer.
    expect(result).toMatchObject({ statusCode: null, error: 'timed out' });
    expect(result.durationMs).toBeGreaterThanOrEqual(300); // it waited for its deadline, it did not fail at once
  });

  it('stops reading a huge response and keeps its first bytes', async () => {
    receiver.respond('/huge', () => ({ status: 200, body: 'y'.repeat(2_000_000) }));
    const result = await postWebhook({ ...base, url: receiver.url('/huge'), maxResponseBytes: 1000 });
    expect(result.statusCode).toBe(200);
    expect(result.responseBody!.length).toBeLessThanOrEqual(1000);
    expect(result.responseBody!.length).toBeGreaterThan(0);
  });

  it('does not follow a redirect', async () => {
    receiver.respond('/moved', () => ({ status: 307, headers: { Location: receiver.url('/target') } }));
    const result = await postWebhook({ ...base, url: receiver.url('/moved') });
    expect(result).toMatchObject({ statusCode: 307, error: 'redirect not followed' });
    expect(receiver.deliveries('/target')).toHaveLength(0);
  });

  it('passes Retry-After through', async () => {
    receiver.respond('/busy', () => ({ status: 429, headers: { 'Retry-After': '7' } }));
    expect(await postWebhook({ ...base, url: receiver.url('/busy') })).toMatchObject({ statusCode: 429, retryAfter: '7' });
  });

  it.each([
    ['a loopback literal', (port: number) => `http://127.0.0.1:${port}/ssrf`, 'target address not allowed (loopback)'],
    [
      'an IPv4-mapped IPv6 literal',
      (port: number) => `http://[::ffff:127.0.0.1]:${port}/ssrf`,
      'target address not allowed (embedded-loopback)',
    ],
    [
      'a name resolved at connect time',
      (port: number) => `http://localhost:${port}/ssrf`,
      /target address not allowed \((loopback|embedded-loopback)\)/,
    ],
  ])('refuses %s unless private targets are allowed', async (_label, url, error) => {
    const before = receiver.deliveries('/ssrf').length;
    const refused = await postWebhook({ ...base, url: url(receiver.port), allowPrivateTargets: false });
    expect(refused.statusCode).toBeNull();
    expect(refused.error).toEqual(error instanceof RegExp ? expect.stringMatching(error) : error);
    expect(receiver.deliveries('/ssrf')).toHaveLength(before);
    if (!url(receiver.port).includes('::ffff')) {
      const allowed = await postWebhook({ ...base, url: url(receiver.port), allowPrivateTargets: true });
      expect(allowed.statusCode).toBe(401);
    }
  });

  it.each([
    [{ all: false }, 'a single answer'],
    [{ all: true }, 'all answers'],
  ])('the connect-time lookup refuses a private answer (%p, %s)', async (options, _label) => {
    const error = await new Promise<Error | null>((resolve) => guardedLookup('localhost', options as any, (e: Error | null) => resolve(e)));
    expect(error?.message).toMatch(/target address not allowed/);
  });
});
