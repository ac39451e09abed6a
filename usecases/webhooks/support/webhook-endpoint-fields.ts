import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/create-db';
import { type EndpointRow, insertWebhookEndpoint } from '../../../db/repositories/webhooks/webhook-endpoint-repository';
import { ValidationError } from '../../../domain/errors';
import { checkWebhookUrl } from '../../../domain/webhooks/target-url';
import { generateWebhookSecret, sealEndpointSecret } from './endpoint-secret';

/** What the endpoint use cases share (create-webhook-endpoint.ts, change-webhook-endpoint.ts; bench and tests register directly). */
export type EndpointFields = { name: string; url: string; subscribedEvents: string[] };
export type EndpointChanges = Partial<EndpointFields> & { status?: 'active' | 'paused' };

export function checkedUrl(url: string, allowPrivate: boolean): string {
  const problem = checkWebhookUrl(url, allowPrivate);
  if (problem) throw ValidationError.single(['url'], problem, 'url_invalid');
  return url;
}

/** A new endpoint with a fresh secret, stored sealed; the secret is returned this once. */
export async function registerWebhookEndpoint(
  db: Executor,
  encryptionKey: string,
  companyId: number,
  fields: EndpointFields,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const uuid = randomUUID();
  const secret = generateWebhookSecret();
  const endpoint = await insertWebhookEndpoint(db, {
    uuid,
    companyId,
    ...fields,
    secretCiphertext: sealEndpointSecret(encryptionKey, uuid, secret),
  });
  return { endpoint, secret };
}
