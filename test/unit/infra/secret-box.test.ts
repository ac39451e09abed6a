import { randomBytes } from 'node:crypto';
import { openSecret, sealSecret } from '../../../infra/secret-box';

describe('secret box (AES-256-GCM at rest)', () => {
  const key = randomBytes(32).toString('base64');
  const secret = 'whsec_' + randomBytes(32).toString('base64');
  const sealed = sealSecret(key, secret, 'endpoint-a');

  it('round-trips and never contains the plaintext', () => {
    expect(openSecret(key, sealed, 'endpoint-a')).toBe(secret);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(sealSecret(key, secret, 'endpoint-a')).not.toBe(sealed);
  });

  const [v, iv, tag, body] = sealed.split('.');
  const flip = (part: string) => Buffer.from(Buffer.from(part, 'base64url').map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64url');
  it.each([
    ['another row (associated data)', key, sealed, 'endpoint-b'],
    ['another key', randomBytes(32).toString('base64'), sealed, 'endpoint-a'],
    ['a tampered ciphertext', key, [v, iv, tag, flip(body)].join('.'), 'endpoint-a'],
    ['a tampered tag', key, [v, iv, flip(tag), body].join('.'), 'endpoint-a'],
    ['an unknown version', key, ['v9', iv, tag, body].join('.'), 'endpoint-a'],
    ['garbage', key, 'not-sealed', 'endpoint-a'],
  ])('refuses %s', (_label, useKey, value, aad) => {
    expect(() => openSecret(useKey, value, aad)).toThrow();
  });
});
