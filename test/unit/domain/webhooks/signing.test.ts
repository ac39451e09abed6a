import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { formatWebhookSecret, signWebhook, webhookHeaders, webhookSecretKey } from '../../../../domain/webhooks/signing';

describe('Standard Webhooks signing', () => {
  const secret = formatWebhookSecret(Buffer.alloc(32, 7));

  it.each([
    ['ascii body', 'msg_1', '{"type":"webhook.test"}'],
    ['unicode body', '6f1c6a32-0d54-4d3b-a1b2-3c4d5e6f7a8b', '{"data":{"name":"Ação São João — ü"}}'],
    ['empty object', 'evt', '{}'],
  ])('a standardwebhooks receiver verifies our signature (%s)', (_label, id, body) => {
    const headers = webhookHeaders(secret, id, new Date(), body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it.each([
    [
      'another secret',
      (h: Record<string, string>, b: string) => ({ secret: formatWebhookSecret(Buffer.alloc(32, 8)), headers: h, body: b }),
    ],
    ['a changed body', (h: Record<string, string>, b: string) => ({ secret, headers: h, body: b.replace('test', 'tost') })],
    ['another id', (h: Record<string, string>, b: string) => ({ secret, headers: { ...h, 'webhook-id': 'other' }, body: b })],
    [
      'a stale timestamp',
      (_h: Record<string, string>, b: string) => ({
        secret,
        headers: webhookHeaders(secret, 'm', new Date(Date.now() - 3_600_000), b),
        body: b,
      }),
    ],
  ])('a receiver rejects %s', (_label, mutate) => {
    const body = '{"type":"webhook.test"}';
    const { secret: receiverSecret, headers, body: received } = mutate({ ...webhookHeaders(secret, 'm', new Date(), body) }, body);
    expect(() => new Webhook(receiverSecret).verify(received, headers)).toThrow();
  });

  const previous = formatWebhookSecret(Buffer.alloc(32, 9));
  const unrelated = formatWebhookSecret(Buffer.alloc(32, 10));

  it.each([
    ['the new secret', secret, true],
    ['the previous secret', previous, true],
    ['any other secret', unrelated, false],
  ])('during a rotation overlap a receiver holding %s: verified = %s', (_label, receiverSecret, ok) => {
    const body = '{"type":"webhook.test"}';
    const headers = webhookHeaders([secret, previous], 'evt-rot', new Date(), body);
    const verify = () => new Webhook(receiverSecret).verify(body, headers);
    if (ok) expect(verify()).toEqual(JSON.parse(body));
    else expect(verify).toThrow();
  });

  it('signs with every secret, new first, space-separated; none is an error', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    const seconds = Math.floor(at.getTime() / 1000);
    expect(webhookHeaders([secret, previous], 'm', at, 'b')['webhook-signature']).toBe(
      `${signWebhook(secret, 'm', seconds, 'b')} ${signWebhook(previous, 'm', seconds, 'b')}`,
    );
    expect(webhookHeaders([secret], 'm', at, 'b')).toEqual(webhookHeaders(secret, 'm', at, 'b'));
    expect(() => webhookHeaders([], 'm', at, 'b')).toThrow();
  });

  it('matches the signature standardwebhooks computes for the same message', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(signWebhook(secret, 'msg_x', Math.floor(at.getTime() / 1000), 'hello')).toBe(new Webhook(secret).sign('msg_x', at, 'hello'));
  });

  it('uses unix seconds and keeps the id across attempts while the timestamp changes', () => {
    const first = webhookHeaders(secret, 'evt-1', new Date('2026-01-01T00:00:00.900Z'), 'b');
    const second = webhookHeaders(secret, 'evt-1', new Date('2026-01-01T00:00:05Z'), 'b');
    expect(first['webhook-timestamp']).toBe('1767225600');
    expect(second['webhook-id']).toBe(first['webhook-id']);
    expect(second['webhook-signature']).not.toBe(first['webhook-signature']);
  });

  it.each([
    [24, true],
    [32, true],
    [64, true],
    [23, false],
    [65, false],
  ])('formats secrets of %i random bytes: %s', (size, ok) => {
    const make = () => formatWebhookSecret(randomBytes(size));
    if (!ok) return expect(make).toThrow(RangeError);
    const made = make();
    expect(made).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(webhookSecretKey(made)).toHaveLength(size);
  });

  it.each([
    ['no prefix', 'abc'],
    ['not base64', 'whsec_!!!'],
    ['too short', `whsec_${Buffer.alloc(8).toString('base64')}`],
  ])('refuses a malformed secret (%s)', (_l, value) => {
    expect(() => webhookSecretKey(value)).toThrow();
  });
});
