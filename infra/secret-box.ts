import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest (webhook signing secrets). The key comes from the
 * configuration, never from the database; the row's uuid is bound in as associated data, so a
 * ciphertext copied onto another row does not decrypt.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
const version = 'v1';

function keyFrom(base64Key: string): Buffer {
  const key = Buffer.from(base64Key, 'base64');
  if (key.length !== 32) throw new Error('secret-box key must be 32 bytes');
  return key;
}

export function sealSecret(base64Key: string, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(base64Key), iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

export function openSecret(base64Key: string, sealed: string, associatedData: string): string {
  const [v, iv, tag, ciphertext] = sealed.split('.');
  if (v !== version || !iv || !tag || ciphertext === undefined) throw new Error('unrecognised sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(base64Key), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
