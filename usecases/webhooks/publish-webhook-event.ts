import type { PublishInput } from '../../contracts/webhook-delivery-workflow-contract';
import { type Actor, companyIdActedOn } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { fanOutWebhookEventFenced } from '../../db/repositories/webhooks/webhook-publication-repository';
import { findEventsByIdempotencyKey } from '../../db/repositories/webhooks/webhook-event-repository';
import { isUuid } from '../../domain/uuid';
import { buildWebhookPayload } from '../../domain/webhooks/event-catalog';
import { recordAuditEvent } from '../audit/record-audit-event';
import { companyUuidOf } from './support/company-uuid-of';
import { type DeliveryPriority, startDelivery } from './support/start-delivery';

export type PublishDeps = Pick<UsecaseDeps, 'db' | 'temporal' | 'clock' | 'requestId'>;

/**
 * A test event has a person waiting for it; every other publication fans out to subscribers
 * and is bulk work: however many deliveries one company's events multiply into, another
 * company's test event and analyses go first (docs/webhooks.md, "Priority and fairness").
 */
function publicationPriority(type: string): DeliveryPriority {
  return type === 'webhook.test' ? 'interactive' : 'bulk';
}

/**
 * Publishing an event: one event per target endpoint (the explicit one, plus active subscribers
 * of the type; never twice), idempotent on `idempotencyKey` — a repeat returns the same events
 * and starts nothing new; `webhook.test` goes to the explicit endpoint only. The delivery starts
 * happen inside the transaction: if Temporal is unreachable nothing is kept (the activity
 * retries, the API answers 502). A workflow that runs before the commit waits for it
 * (the commit fence of the delivery claim).
 */
export async function publishWebhookEvent(deps: PublishDeps, actor: Actor, input: PublishInput): Promise<{ eventUuids: string[] }> {
  // A member publishes for its own company; the service names the company of the run it finishes.
  const companyId = companyIdActedOn(actor, input.companyId);
  const explicit = input.explicitEndpointUuid && isUuid(input.explicitEndpointUuid) ? input.explicitEndpointUuid.toLowerCase() : null;
  const events = await deps.db.transaction(async (trx) => {
    const payload = buildWebhookPayload(input.type, new Date(), input.data);
    const fanned = await fanOutWebhookEventFenced(trx, {
      companyId,
      type: input.type,
      payload,
      idempotencyKey: input.idempotencyKey,
      explicitEndpointUuid: explicit,
      subscribersToo: input.type !== 'webhook.test',
    });
    let rows = fanned.rows;
    // A repeat of the publication, or a concurrent one that won some rows: read what is there now.
    if (fanned.existing || rows.length < fanned.targets) rows = await findEventsByIdempotencyKey(trx, companyId, input.idempotencyKey);
    // Only events no workflow has picked up yet; the workflow id's uniqueness covers the rest of the race.
    const toStart = rows.filter((e) => e.status === 'pending');
    if (toStart.length > 0) {
      const companyUuid = fanned.companyUuid ?? (await companyUuidOf(trx, companyId));
      const priorityClass = publicationPriority(input.type);
      await Promise.all(
        toStart.map((e) =>
          startDelivery(deps.temporal, {
            uuid: e.uuid,
            run: e.delivery_run,
            firstAttemptNumber: e.attempt_count + 1,
            type: e.type,
            endpointUuid: e.endpoint_uuid,
            companyUuid,
            priorityClass,
          }),
        ),
      );
    }
    // One audit event per webhook event this publication created (a repeat creates none), last in the transaction.
    for (const created of fanned.rows) {
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        companyId,
        action: 'webhook_event.published',
        resource: { type: 'webhook_event', uuid: created.uuid },
        changes: { type: created.type, endpoint_uuid: created.endpoint_uuid, status: created.status },
      });
    }
    return rows;
  });
  return { eventUuids: events.map((e) => e.uuid) };
}
