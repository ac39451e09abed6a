/**
 * What an audit event may record of a change (docs/people-and-cases.md, "The audit trail"): the
 * fields that changed, never a secret. A field whose name says it holds secret material (a webhook
 * secret, an API key or its hash, key material, a token, a password) is kept as a marker that it
 * changed, with its value replaced, at any depth; the rest is reduced to plain JSON (a Date becomes
 * its ISO string, undefined members go), so that the stored form hashes the same when read back.
 */
export const REDACTED = '[redacted]';

/** Field names (compared case-insensitively, with `-` read as `_`) that always hold secret material. */
const secretNames = new Set([
  'secret',
  'secrets',
  'webhook_secret',
  'signing_secret',
  'secret_ciphertext',
  'previous_secret_ciphertext',
  'client_secret',
  'api_key',
  'apikey',
  'key_hash',
  'key_material',
  'private_key',
  'encryption_key',
  'password',
  'passphrase',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'session_token',
  'authorization',
  'cookie',
]);

/** Suffixes that mark a field as secret whatever precedes them (`oidc_client_secret`, `csrf_token`…). */
const secretSuffixes = ['_secret', '_token', '_password', '_ciphertext', '_api_key', '_private_key'];

/** Whether a field of this name holds secret material. */
export function isSecretField(name: string): boolean {
  const normalized = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/-/g, '_')
    .toLowerCase();
  return secretNames.has(normalized) || secretSuffixes.some((suffix) => normalized.endsWith(suffix));
}

/** The changes as plain JSON with every secret field's value replaced by REDACTED. */
export function redactSecrets(changes: Record<string, unknown>): Record<string, unknown> {
  const plain = JSON.parse(JSON.stringify(changes ?? {})) as Record<string, unknown>;
  return redactValue(plain) as Record<string, unknown>;
}

function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
    out[name] = isSecretField(name) ? REDACTED : redactValue(member);
  }
  return out;
}
