import type { Actor } from '../../domain/actor';
import type { EventRow } from '../../db/repositories/webhooks/webhook-event-repository';
import type { PublishDeps } from './publish-webhook-event';
import { redeliverWebhookEvent, type RedeliveryInput } from './support/redeliver-webhook-event';

/** POST /webhooks/webhook-events/{uuid}/retry and `ops deliveries retry`: a failed event only. */
export async function retryWebhookEvent(deps: PublishDeps, actor: Actor, input: RedeliveryInput): Promise<EventRow> {
  return redeliverWebhookEvent(deps, actor, { ...input, kind: 'retry' });
}
