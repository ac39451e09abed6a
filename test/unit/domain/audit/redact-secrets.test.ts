import { isSecretField, REDACTED, redactSecrets } from '../../../../domain/audit/redact-secrets';

describe('isSecretField', () => {
  it.each([
    ['secret', true],
    ['webhook_secret', true],
    ['secret_ciphertext', true],
    ['previous_secret_ciphertext', true],
    ['secretCiphertext', true],
    ['api_key', true],
    ['apiKey', true],
    ['key_hash', true],
    ['keyHash', true],
    ['key_material', true],
    ['private_key', true],
    ['encryption_key', true],
    ['token', true],
    ['access_token', true],
    ['refresh_token', true],
    ['csrf_token', true],
    ['oidc_client_secret', true],
    ['client-secret', true],
    ['password', true],
    ['Authorization', true],
    ['cookie', true],
    ['name', false],
    ['url', false],
    ['key_uuid', false],
    ['key_prefix', false],
    ['scopes', false],
    ['secret_rotated_at', false],
    ['token_count', false],
    ['subscribed_events', false],
  ])('%s: %s', (name, expected) => {
    expect(isSecretField(name)).toBe(expected);
  });
});

describe('redactSecrets', () => {
  it.each([
    ['keeps plain fields', { name: 'n', url: 'https://a.example/h' }, { name: 'n', url: 'https://a.example/h' }],
    ['replaces a webhook secret', { url: 'https://a.example', secret: 'whsec_abc' }, { url: 'https://a.example', secret: REDACTED }],
    [
      'replaces at any depth',
      { endpoint: { secret_ciphertext: 'x', name: 'e' } },
      { endpoint: { secret_ciphertext: REDACTED, name: 'e' } },
    ],
    ['replaces inside arrays', { keys: [{ api_key: 'erk_1', key_uuid: 'k' }] }, { keys: [{ api_key: REDACTED, key_uuid: 'k' }] }],
    ['replaces a secret object whole', { token: { value: 't', expires: 1 } }, { token: REDACTED }],
    ['writes Dates as ISO strings', { at: new Date('2026-11-25T12:00:00Z') }, { at: '2026-11-25T12:00:00.000Z' }],
    ['drops undefined members', { a: undefined, b: null }, { b: null }],
    ['keeps an empty change', {}, {}],
  ])('%s', (_name, input, expected) => {
    expect(redactSecrets(input as Record<string, unknown>)).toEqual(expected);
  });

  it('never lets a secret value through, whatever the nesting', () => {
    const out = JSON.stringify(redactSecrets({ a: { b: [{ c: { webhook_secret: 'whsec_TOPSECRET' } }] }, password: 'TOPSECRET2' }));
    expect(out).not.toContain('TOPSECRET');
  });
});
