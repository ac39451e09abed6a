import { randomUUID } from 'node:crypto';
import { findWebhookEndpoint } from '../../db/repositories/webhook-endpoint-repository';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { AuthContext } from '../../domain/tenancy';
import { publishWebhookEvent, type PublishDeps } from './publish-webhook-event';
import { requireWebhooksFeature } from './webhook-endpoints';

/** A webhook.test event to one active endpoint, delivered like every event. */
export async function sendTestEvent(deps: PublishDeps, auth: AuthContext, endpointUuid: string): Promise<{ eventUuid: string }> {
  requireWebhooksFeature(auth);
  const endpoint = await findWebhookEndpoint(deps.db, auth.companyId, endpointUuid);
  if (!endpoint) throw new NotFoundError('webhook endpoint');
  if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it to send a test`);
  const { eventUuids } = await publishWebhookEvent(deps, {
    companyId: auth.companyId,
    type: 'webhook.test',
    data: { endpoint_uuid: endpoint.uuid, message: 'This is a test event from the Entity Risk Analysis Service.' },
    explicitEndpointUuid: endpoint.uuid,
    idempotencyKey: `test-${randomUUID()}`,
  });
  if (eventUuids.length === 0) throw new ConflictError('webhook endpoint is not active');
  return { eventUuid: eventUuids[0] };
}
