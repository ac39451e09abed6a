import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { markWebhookEventCanceled } from '../../db/repositories/webhooks/webhook-event-transition-repository';
import { recordAuditEvent } from '../audit/record-audit-event';
import { reportCanceledDelivery } from './support/report-delivery-attempt';

/**
 * The end of a delivery run canceled through POST /workflows/{id}/cancel: its event becomes
 * `canceled` (final: resend, not retry, sends it again). An attempt that already finished the
 * event wins; an older run no longer owns the event and changes nothing.
 */
export async function cancelWebhookDelivery(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: SystemActor,
  input: { eventUuid: string; run: number },
): Promise<{ canceled: boolean }> {
  const canceled = await deps.db.transaction(async (trx) => {
    const marked = await markWebhookEventCanceled(trx, input.eventUuid, input.run);
    if (!marked) return false;
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: marked.companyId,
      action: 'webhook_event.delivery_canceled',
      resource: { type: 'webhook_event', uuid: input.eventUuid },
      changes: { status: 'canceled', delivery_run: input.run },
    });
    return true;
  });
  if (canceled) reportCanceledDelivery();
  return { canceled };
}
