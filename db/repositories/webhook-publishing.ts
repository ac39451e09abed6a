import { InternalConnectionLikeSymbol } from '@temporalio/client';
import type { Client, InternalConnectionLike } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType, WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import type { Knex } from 'knex';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { buildWebhookPayload } from '../../domain/webhooks/event-catalog';
import { taskQueues } from '../../domain/task-queues';
import { workflowIds } from '../../domain/workflow-ids';
import type { WebhookDeliveryInput } from '../../workflows/webhook-delivery-workflow';
import { fanOutWebhookEventFenced, fenceWebhookEvent } from './webhook-commit-fence';
import { EventRow, findEventsByIdempotencyKey, findWebhookEvent, markWebhookEventForRetry } from './webhook-event-repository';
import { isUuid } from '../../domain/uuid';

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

const keys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  type: defineSearchAttributeKey('WebhookEventType', SearchAttributeType.KEYWORD),
  endpoint: defineSearchAttributeKey('WebhookEndpointUuid', SearchAttributeType.KEYWORD),
};

/**
 * Starts the delivery workflow of one run of an event. Already started (a replay of the same
 * publication or retry) is success: the id is the business id, Temporal keeps it unique.
 */
/**
 * In the worker process the client shares the webhooks worker's NativeConnection: the server
 * then hands the first workflow task back in the start response (eager start), skipping task
 * matching. Anywhere else (api, ops CLI, a plain Connection) the start is an ordinary one.
 */
function supportsEagerStart(temporal: Client): boolean {
  return Boolean((temporal.connection as unknown as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart);
}

export async function startDeliveryWorkflow(temporal: Client, event: { uuid: string; run: number; firstAttemptNumber: number; type: string; endpointUuid: string; companyUuid: string }): Promise<void> {
  const input: WebhookDeliveryInput = { eventUuid: event.uuid, run: event.run, firstAttemptNumber: event.firstAttemptNumber };
  try {
    await temporal.workflow.start('webhookDeliveryWorkflow', {
      taskQueue: taskQueues.webhooks,
      workflowId: workflowIds.delivery(event.uuid, event.run),
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      requestEagerStart: supportsEagerStart(temporal),
      typedSearchAttributes: [
        { key: keys.company, value: event.companyUuid },
        { key: keys.type, value: event.type },
        { key: keys.endpoint, value: event.endpointUuid },
      ],
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}

async function companyUuidOf(db: Knex | Knex.Transaction, companyId: number): Promise<string> {
  const row = await db('companies').where({ id: companyId }).first('uuid');
  if (!row) throw new NotFoundError('company');
  return row.uuid;
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
    const endpoint = await trx('webhook_endpoints').where({ id: event.endpoint_id }).first('status');
    if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it before retrying`);
    const marked = await markWebhookEventForRetry(trx, event.id);
    if (marked) await fenceWebhookEvent(trx, event.uuid);
    if (!marked) throw new ConflictError('webhook event is no longer failed; only a failed event can be retried');
    const companyUuid = await companyUuidOf(trx, event.company_id);
    await startDeliveryWorkflow(deps.temporal, { uuid: event.uuid, run: marked.delivery_run, firstAttemptNumber: marked.attempt_count + 1, type: event.type, endpointUuid: event.endpoint_uuid, companyUuid });
    return { ...event, status: 'pending', delivery_run: marked.delivery_run, next_attempt_at: null };
  });
}
