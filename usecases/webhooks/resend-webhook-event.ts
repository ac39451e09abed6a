import type { Actor } from '../../domain/actor';
import type { EventRow } from '../../db/repositories/webhooks/webhook-event-repository';
import type { PublishDeps } from './publish-webhook-event';
import { redeliverWebhookEvent, type RedeliveryInput } from './support/redeliver-webhook-event';

/** POST /webhooks/webhook-events/{uuid}/resend: an event in any final state. */
export async function resendWebhookEvent(
  deps: PublishDeps,
  actor: Actor,
  input: Omit<RedeliveryInput, 'priorityClass'>,
): Promise<EventRow> {
  return redeliverWebhookEvent(deps, actor, { ...input, kind: 'resend' });
}
