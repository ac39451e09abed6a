import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../domain/errors';
import { isUuid } from '../domain/uuid';
import { buildWebhookPayload } from '../domain/webhooks/event-catalog';
import { findCompanyUuid } from '../db/repositories/tenancy-repository';
import { fanOutWebhookEventFenced, fenceWebhookEvent } from '../db/repositories/webhook-commit-fence';
import { findWebhookEndpointStatus } from '../db/repositories/webhook-endpoint-repository';
import { EventRow, findEventsByIdempotencyKey, findWebhookEvent, markWebhookEventForRetry } from '../db/repositories/webhook-event-repository';
import { startDeliveryWorkflow } from './delivery-workflow-start';

/**
 * Creating events and starting their delivery workflows. Used by the publishWebhookEvent
 * activity, by the API (test, retry) and by the ops CLI, so that all of them behave alike.
 */
export type PublishDeps = { db: Knex; temporal: Client };

export type PublishInput = {
  companyId: number;
  type: string;
  data: Record<string, unknown>;
  explicitEndpointUuid?: string | null;
  idempotencyKey: string;
};

async function companyUuidOf(db: Knex | Knex.Transaction, companyId: number): Promise<string> {
  const uuid = await findCompanyUuid(db, companyId);
  if (!uuid) throw new NotFoundError('company');
  return uuid;
}

/**
 * One event per target endpoint (the explicit one, plus active subscribers of the type; never
 * twice), idempotent on `idempotencyKey`: a repeat returns the same events and starts nothing
 * new. `webhook.test` goes to the explicit endpoint only.
 */
export async function publishWebhookEventNow(deps: PublishDeps, input: PublishInput): Promise<{ eventUuids: string[] }> {
  const explicit = input.explicitEndpointUuid && isUuid(input.explicitEndpointUuid) ? input.explicitEndpointUuid.toLowerCase() : null;
  // The starts happen inside the transaction: if Temporal is unreachable nothing is kept (the
  // activity retries, the API answers 502). A workflow that runs before the commit is visible
  // retries its first read (activities/webhook-activities.ts).
  const events = await deps.db.transaction(async (trx) => {
    const payload = buildWebhookPayload(input.type, new Date(), input.data);
    const fanned = await fanOutWebhookEventFenced(trx, {
      companyId: input.companyId, type: input.type, payload, idempotencyKey: input.idempotencyKey,
      explicitEndpointUuid: explicit, subscribersToo: input.type !== 'webhook.test',
    });
    let rows = fanned.rows;
    let companyUuid = fanned.companyUuid;
    // A repeat of the publication, or a concurrent one that won some rows: read what is there now.
    if (fanned.existing || rows.length < fanned.targets) rows = await findEventsByIdempotencyKey(trx, input.companyId, input.idempotencyKey);
    // Only events no workflow has picked up yet; REJECT_DUPLICATE covers the rest of the race.
    const toStart = rows.filter((e) => e.status === 'pending');
    if (toStart.length > 0) {
      companyUuid ??= await companyUuidOf(trx, input.companyId);
      await Promise.all(
        toStart.map((e) => startDeliveryWorkflow(deps.temporal, { uuid: e.uuid, run: e.delivery_run, firstAttemptNumber: e.attempt_count + 1, type: e.type, endpointUuid: e.endpoint_uuid, companyUuid: companyUuid! })),
      );
    }
    return rows;
  });
  return { eventUuids: events.map((e) => e.uuid) };
}

/**
 * failed → pending and a new delivery run (workflow `delivery-<uuid>-retry-<n>`). The status
 * change and the start commit together: if Temporal is unreachable nothing changes (502).
 * `companyId` null is the operator's view (ops CLI).
 */
export async function retryWebhookEvent(deps: PublishDeps, companyId: number | null, eventUuid: string): Promise<EventRow> {
  return deps.db.transaction(async (trx) => {
    const event = await findWebhookEvent(trx, companyId, eventUuid);
    if (!event) throw new NotFoundError('webhook event');
    if (event.status !== 'failed') throw new ConflictError(`webhook event is ${event.status}; only a failed event can be retried`);
    const endpointStatus = await findWebhookEndpointStatus(trx, event.endpoint_id);
    if (endpointStatus !== 'active') throw new ConflictError(`webhook endpoint is ${endpointStatus}; re-activate it before retrying`);
    const marked = await markWebhookEventForRetry(trx, event.id);
    if (marked) await fenceWebhookEvent(trx, event.uuid);
    if (!marked) throw new ConflictError('webhook event is no longer failed; only a failed event can be retried');
    const companyUuid = await companyUuidOf(trx, event.company_id);
    await startDeliveryWorkflow(deps.temporal, { uuid: event.uuid, run: marked.delivery_run, firstAttemptNumber: marked.attempt_count + 1, type: event.type, endpointUuid: event.endpoint_uuid, companyUuid });
    return { ...event, status: 'pending', delivery_run: marked.delivery_run, next_attempt_at: null };
  });
}
