import { fenceWebhookEvent } from '../../db/repositories/webhook-publication-repository';
import { findWebhookEndpointStatus } from '../../db/repositories/webhook-endpoint-repository';
import { type EventRow, findWebhookEvent, markWebhookEventForRetry } from '../../db/repositories/webhook-event-repository';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { companyUuidOf, type PublishDeps } from './publish-webhook-event';
import { startDelivery } from './start-delivery';

/**
 * Redelivery of a failed event: failed → pending and a new delivery run (workflow
 * `delivery-<uuid>-retry-<n>`). The status change and the start commit together: if Temporal is
 * unreachable nothing changes (502). `companyId` null is the operator's view (ops CLI).
 */
export async function retryWebhookEvent(deps: PublishDeps, companyId: number | null, eventUuid: string): Promise<EventRow> {
  return deps.db.transaction(async (trx) => {
    const event = await findWebhookEvent(trx, companyId, eventUuid);
    if (!event) throw new NotFoundError('webhook event');
    if (event.status !== 'failed') throw new ConflictError(`webhook event is ${event.status}; only a failed event can be retried`);
    const endpointStatus = await findWebhookEndpointStatus(trx, event.endpoint_id);
    if (endpointStatus !== 'active') throw new ConflictError(`webhook endpoint is ${endpointStatus}; re-activate it before retrying`);
    const marked = await markWebhookEventForRetry(trx, event.id);
    if (!marked) throw new ConflictError('webhook event is no longer failed; only a failed event can be retried');
    await fenceWebhookEvent(trx, event.uuid);
    const companyUuid = await companyUuidOf(trx, event.company_id);
    await startDelivery(deps.temporal, { uuid: event.uuid, run: marked.delivery_run, firstAttemptNumber: marked.attempt_count + 1, type: event.type, endpointUuid: event.endpoint_uuid, companyUuid });
    return { ...event, status: 'pending', delivery_run: marked.delivery_run, next_attempt_at: null };
  });
}
