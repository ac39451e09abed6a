import { fenceWebhookEvent } from '../../../db/repositories/webhooks/webhook-publication-repository';
import { findWebhookEndpointStatus } from '../../../db/repositories/webhooks/webhook-endpoint-repository';
import { type EventRow, type EventStatus, findWebhookEvent } from '../../../db/repositories/webhooks/webhook-event-repository';
import { markWebhookEventForRedelivery } from '../../../db/repositories/webhooks/webhook-event-transition-repository';
import { type Actor, companyIdActedOn } from '../../../domain/actor';
import { ConflictError, NotFoundError } from '../../../domain/errors';
import { recordAuditEvent } from '../../audit/record-audit-event';
import type { PublishDeps } from '../publish-webhook-event';
import { companyUuidOf } from './company-uuid-of';
import { type DeliveryPriority, startDelivery } from './start-delivery';

/**
 * Which events may be sent again (docs/webhooks.md): `retry` only a failed one (docs/analyses.md);
 * `resend` one in any final state — 409 only while a delivery of it is in flight.
 */
export const redeliveryRules = {
  retry: { from: ['failed'], refusal: (status: EventStatus) => `webhook event is ${status}; only a failed event can be retried` },
  resend: {
    from: ['succeeded', 'failed', 'canceled'],
    refusal: (status: EventStatus) => `webhook event is ${status}; a delivery of it is still in flight`,
  },
} as const satisfies Record<string, { from: readonly EventStatus[]; refusal: (status: EventStatus) => string }>;

export type Redelivery = keyof typeof redeliveryRules;

/** `companyId`: the event's company, named by an operator (a member acts on its own). */
export type RedeliveryInput = { eventUuid: string; companyId?: number; priorityClass?: DeliveryPriority };

/**
 * A new delivery run of an event (same `webhook-id`, workflow `delivery-<uuid>-retry-<n>`): the
 * event goes back to `pending`. The status change and the start commit together: if Temporal is
 * unreachable nothing changes (502). An operator (ops CLI) names the event's company. One
 * event sent again has someone waiting for it (interactive); a recover or an operator's bulk
 * retry sends many (bulk), behind other companies' interactive work (docs/webhooks.md).
 */
export async function redeliverWebhookEvent(
  deps: PublishDeps,
  actor: Actor,
  input: RedeliveryInput & { kind: Redelivery },
): Promise<EventRow> {
  const { eventUuid, priorityClass = 'interactive' } = input;
  const rule = redeliveryRules[input.kind];
  const companyId = companyIdActedOn(actor, input.companyId);
  return deps.db.transaction(async (trx) => {
    const event = await findWebhookEvent(trx, companyId, eventUuid);
    if (!event) throw new NotFoundError('webhook event');
    if (!(rule.from as readonly EventStatus[]).includes(event.status)) throw new ConflictError(rule.refusal(event.status));
    const endpointStatus = await findWebhookEndpointStatus(trx, event.endpoint_id);
    if (endpointStatus !== 'active') throw new ConflictError(`webhook endpoint is ${endpointStatus}; re-activate it before sending again`);
    const marked = await markWebhookEventForRedelivery(trx, event.id, rule.from);
    if (!marked) throw new ConflictError(rule.refusal('pending'));
    await fenceWebhookEvent(trx, event.uuid);
    const companyUuid = await companyUuidOf(trx, event.company_id);
    await startDelivery(deps.temporal, {
      uuid: event.uuid,
      run: marked.delivery_run,
      firstAttemptNumber: marked.attempt_count + 1,
      type: event.type,
      endpointUuid: event.endpoint_uuid,
      companyUuid,
      priorityClass,
    });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId,
      action: input.kind === 'retry' ? 'webhook_event.retried' : 'webhook_event.resent',
      resource: { type: 'webhook_event', uuid: event.uuid },
      changes: { status: { from: event.status, to: 'pending' }, delivery_run: marked.delivery_run },
    });
    return { ...event, status: 'pending', delivery_run: marked.delivery_run, next_attempt_at: null };
  });
}
