import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the signed content is
 * "{id}.{timestamp}.{body}", the key is the base64 part of the `whsec_` secret.
 */
const secretPrefix = 'whsec_';
const minSecretBytes = 24;
const maxSecretBytes = 64;

/** Formats random bytes (24–64 of them) as a signing secret. */
export function formatWebhookSecret(randomKeyBytes: Uint8Array): string {
  if (randomKeyBytes.length < minSecretBytes || randomKeyBytes.length > maxSecretBytes) {
    throw new RangeError(`a webhook secret needs ${minSecretBytes}-${maxSecretBytes} random bytes`);
  }
  return `${secretPrefix}${Buffer.from(randomKeyBytes).toString('base64')}`;
}

/** The HMAC key of a secret; throws on anything that is not a well-formed `whsec_` secret. */
export function webhookSecretKey(secret: string): Buffer {
  if (!secret.startsWith(secretPrefix)) throw new Error('webhook secret must start with whsec_');
  const encoded = secret.slice(secretPrefix.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded || key.length < minSecretBytes || key.length > maxSecretBytes) {
    throw new Error('webhook secret is not base64 of 24-64 bytes');
  }
  return key;
}

export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/** `v1,<base64 HMAC-SHA256>` of one message; the timestamp is unix seconds. */
export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', webhookSecretKey(secret)).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${digest}`;
}

/**
 * The three headers of one attempt: the id is stable across attempts, the timestamp is not.
 * During a rotation's overlap `secrets` holds the new secret first, then the previous one:
 * one `v1,` signature per secret, space-separated (Standard Webhooks), so a receiver holding
 * either secret verifies the delivery.
 */
export function webhookHeaders(secrets: string | readonly string[], messageId: string, sentAt: Date, body: string): WebhookHeaders {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  if (keys.length === 0) throw new Error('a webhook needs at least one signing secret');
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': keys.map((secret) => signWebhook(secret, messageId, timestamp, body)).join(' '),
  };
}
