import { randomUUID } from 'node:crypto';
import { findWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { admitTestEvent } from '../tenancy/support/admit-rate';
import type { UsecaseDeps } from '../support/usecase-deps';
import { publishWebhookEvent } from './publish-webhook-event';
import { requireWebhooksFeature } from './support/require-webhooks-feature';

/**
 * A webhook.test event to one active endpoint, delivered like every event, at interactive
 * priority. Counted against the endpoint's test events per minute only once the endpoint is
 * known to be the caller's and active: a refused request uses none of it.
 */
export async function sendTestEvent(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { endpointUuid: string },
): Promise<{ eventUuid: string }> {
  const { endpointUuid } = input;
  requireWebhooksFeature(actor);
  const endpoint = await findWebhookEndpoint(deps.db, actor.company.id, endpointUuid);
  if (!endpoint) throw new NotFoundError('webhook endpoint');
  if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it to send a test`);
  await admitTestEvent(deps, actor, endpoint.uuid);
  const { eventUuids } = await publishWebhookEvent(deps, actor, {
    companyId: actor.company.id,
    type: 'webhook.test',
    data: { endpoint_uuid: endpoint.uuid, message: 'This is a test event from the Entity Risk Analysis Service.' },
    explicitEndpointUuid: endpoint.uuid,
    idempotencyKey: `test-${randomUUID()}`,
  });
  if (eventUuids.length === 0) throw new ConflictError('webhook endpoint is not active');
  return { eventUuid: eventUuids[0] };
}
