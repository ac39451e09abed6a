import type { EndpointRow } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { updateWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-change-repository';
import { NotFoundError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { requireWebhooksFeature } from './support/require-webhooks-feature';
import { checkedUrl, type EndpointChanges } from './support/webhook-endpoint-fields';

/** Re-activating needs the plan feature (it will receive events again); pausing never does. */
export async function changeWebhookEndpoint(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; changes: EndpointChanges },
): Promise<EndpointRow> {
  const { uuid, changes } = input;
  if (changes.status === 'active') requireWebhooksFeature(actor);
  const url = changes.url === undefined ? undefined : checkedUrl(changes.url, deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
  return deps.db.transaction(async (trx) => {
    const row = await updateWebhookEndpoint(trx, actor.company.id, uuid, { ...changes, url });
    if (!row) throw new NotFoundError('webhook endpoint');
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'webhook_endpoint.updated',
      resource: { type: 'webhook_endpoint', uuid: row.uuid },
      changes: { name: changes.name, url, subscribed_events: changes.subscribedEvents, status: changes.status },
    });
    return row;
  });
}
