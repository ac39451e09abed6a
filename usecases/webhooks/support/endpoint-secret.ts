import { randomBytes } from 'node:crypto';
import { formatWebhookSecret } from '../../../domain/webhooks/signing';
import { openSecret, sealSecret } from '../../../infra/secret-box';

/** 32 random bytes: inside the 24–64 of Standard Webhooks, as strong as the HMAC-SHA256 key size. */
export function generateWebhookSecret(): string {
  return formatWebhookSecret(randomBytes(32));
}

/** Sealed with the key from configuration; the endpoint uuid is bound in, so a copied ciphertext does not open. */
export function sealEndpointSecret(encryptionKey: string, endpointUuid: string, secret: string): string {
  return sealSecret(encryptionKey, secret, endpointUuid);
}

/** The plain secret, for signing one attempt; never logged, never returned by a read. */
export function openEndpointSecret(encryptionKey: string, endpointUuid: string, secretCiphertext: string): string {
  return openSecret(encryptionKey, secretCiphertext, endpointUuid);
}
