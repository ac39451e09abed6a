import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../usecase-deps';
import { markWebhookEventCanceled } from '../../db/repositories/webhooks/webhook-event-transition-repository';
import { reportCanceledDelivery } from './report-delivery-attempt';

/**
 * The end of a delivery run canceled through POST /workflows/{id}/cancel: its event becomes
 * `canceled` (final: resend, not retry, sends it again). An attempt that already finished the
 * event wins; an older run no longer owns the event and changes nothing.
 */
export async function cancelWebhookDelivery(deps: Pick<UsecaseDeps, 'db'>, actor: SystemActor, input: { eventUuid: string; run: number }): Promise<{ canceled: boolean }> {
  const { db } = deps;
  const canceled = await markWebhookEventCanceled(db, input.eventUuid, input.run);
  if (canceled) reportCanceledDelivery();
  return { canceled };
}
