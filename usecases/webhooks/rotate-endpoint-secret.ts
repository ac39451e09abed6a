import type { EndpointRow } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { rotateWebhookEndpointSecret } from '../../db/repositories/webhooks/webhook-endpoint-change-repository';
import { NotFoundError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { generateWebhookSecret, sealEndpointSecret } from './support/endpoint-secret';

/**
 * A new secret, shown only in this answer; the old one keeps signing beside it for
 * WEBHOOK_SECRET_OVERLAP (24 h), so receivers can switch without losing an event.
 */
export async function rotateEndpointSecret(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string },
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const { uuid } = input;
  const secret = generateWebhookSecret();
  const sealed = sealEndpointSecret(deps.config.WEBHOOK_ENCRYPTION_KEY, uuid, secret);
  return deps.db.transaction(async (trx) => {
    const endpoint = await rotateWebhookEndpointSecret(trx, actor.company.id, uuid, sealed, deps.config.WEBHOOK_SECRET_OVERLAP);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'webhook_endpoint.secret_rotated',
      resource: { type: 'webhook_endpoint', uuid: endpoint.uuid },
      changes: { secret_version: endpoint.secret_version, previous_secret_expires_at: endpoint.previous_secret_expires_at },
    });
    return { endpoint, secret };
  });
}
