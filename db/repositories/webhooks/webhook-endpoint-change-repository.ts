import type { Executor } from '../../create-db';
import { type EndpointRow, publicColumns } from './webhook-endpoint-repository';

export type EndpointPatch = { name?: string; url?: string; subscribedEvents?: string[]; status?: 'active' | 'paused' };

/**
 * Re-activating an endpoint (from paused or disabled) clears its failure streak, so the
 * prolonged-failure rule does not disable it again on the next failed attempt.
 */
export async function updateWebhookEndpoint(
  db: Executor,
  companyId: number,
  uuid: string,
  patch: EndpointPatch,
): Promise<EndpointRow | undefined> {
  const changes: Record<string, unknown> = { updated_at: db.fn.now() };
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.url !== undefined) changes.url = patch.url;
  if (patch.subscribedEvents !== undefined) changes.subscribed_events = patch.subscribedEvents;
  if (patch.status === 'paused') changes.status = 'paused';
  if (patch.status === 'active') {
    changes.status = 'active';
    changes.disabled_reason = null;
    changes.consecutive_failures = db.raw(`CASE WHEN status = 'active' THEN consecutive_failures ELSE 0 END`);
    changes.first_failure_at = db.raw(`CASE WHEN status = 'active' THEN first_failure_at ELSE NULL END`);
  }
  const [row] = await db('webhook_endpoints').where({ company_id: companyId, uuid }).update(changes).returning(publicColumns);
  return row;
}

/**
 * A new secret, and the current one becomes the previous secret for `overlapMs` (both sign
 * meanwhile, docs/webhooks.md); whatever was the previous secret is dropped, so a second
 * rotation inside the window leaves only the two newest.
 */
export async function rotateWebhookEndpointSecret(
  db: Executor,
  companyId: number,
  uuid: string,
  secretCiphertext: string,
  overlapMs: number,
): Promise<EndpointRow | undefined> {
  const [endpoint] = await db('webhook_endpoints')
    .where({ company_id: companyId, uuid })
    .update({
      previous_secret_ciphertext: db.raw('secret_ciphertext'),
      previous_secret_expires_at: db.raw(`now() + make_interval(secs => ?)`, [overlapMs / 1000]),
      secret_ciphertext: secretCiphertext,
      secret_version: db.raw('secret_version + 1'),
      updated_at: db.fn.now(),
    })
    .returning(publicColumns);
  return endpoint;
}
