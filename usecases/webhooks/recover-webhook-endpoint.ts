import type { UsecaseDeps } from '../support/usecase-deps';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { findWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { countFailedEvents, findFailedEventPage } from '../../db/repositories/webhooks/webhook-event-transition-repository';
import {
  type RecoveryPageInput,
  type RecoveryPageOutcome,
  webhookRecoveryWorkflowContract,
} from '../../contracts/webhook-recovery-workflow-contract';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type Actor, companyIdActedOn } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import { companyUuidOf } from './publish-webhook-event';
import { retryWebhookEvent } from './redeliver-webhook-event';
import { requireWebhooksFeature } from './webhook-endpoints';

/** Events one page of a recover retries, and how many of their starts run at once. */
const RECOVERY_PAGE_SIZE = 100;
const RECOVERY_CONCURRENCY = 8;

export type RecoveryStarted = { endpoint_uuid: string; since: string; failed_count: number; workflow_id: string };

/**
 * POST /webhooks/endpoints/{uuid}/recover (Svix's recover): answers at once with the number of
 * failed events found and the workflow that retries them (docs/webhooks.md, "Recover"). The
 * request only checks and starts; the workflow retries page by page. The same request again while
 * that recover runs joins it, so a client's retry never recovers twice. An operator's bulk retry
 * (`ops deliveries retry --all-failed`) starts one per endpoint, naming its company.
 */
export async function startWebhookRecovery(
  deps: Pick<UsecaseDeps, 'db' | 'temporal'>,
  actor: Actor,
  input: { endpointUuid: string; since: Date; companyId?: number },
): Promise<RecoveryStarted> {
  if (actor.type === 'api_key') requireWebhooksFeature(actor);
  const companyId = companyIdActedOn(actor, input.companyId);
  const endpoint = await findWebhookEndpoint(deps.db, companyId, input.endpointUuid);
  if (!endpoint) throw new NotFoundError('webhook endpoint');
  if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it before recovering`);
  const failedCount = await countFailedEvents(deps.db, endpoint.id, input.since);
  const since = input.since.toISOString();
  const companyUuid = actor.type === 'api_key' ? actor.company.uuid : await companyUuidOf(deps.db, companyId);
  const started = await startWorkflow(
    deps.temporal,
    webhookRecoveryWorkflowContract,
    { companyUuid, endpointUuid: endpoint.uuid, since },
    { idPolicy: 'share-running' },
  );
  return { endpoint_uuid: endpoint.uuid, since, failed_count: failedCount, workflow_id: started.workflowId };
}

/** What a page has done so far: heartbeat details, so that a retried attempt carries on counting. */
export type RecoveryPageProgress = Pick<RecoveryPageOutcome, 'retried' | 'skipped'>;

/**
 * One page of a recover (the activity `recoverFailedEventsPage`): each failed event exactly like
 * POST /webhooks/webhook-events/{uuid}/retry at bulk priority, a few at a time. An event that
 * changed meanwhile is skipped with its reason; an endpoint paused meanwhile ends the recover.
 * Progress is reported after every settled group, also just before a failure: an attempt after a
 * failed one (`resumed`) finds the events already retried no longer failed, and adds its own to
 * the counts it was given, so that the recover's total counts each event once.
 */
export async function recoverFailedEventsPage(
  deps: Pick<UsecaseDeps, 'db' | 'temporal'>,
  actor: Actor,
  input: RecoveryPageInput & { resumed?: RecoveryPageProgress; heartbeat?: (progress: RecoveryPageProgress) => void },
): Promise<RecoveryPageOutcome> {
  const company = await findCompanyByUuid(deps.db, input.companyUuid);
  if (!company) throw new NotFoundError('company');
  const endpoint = await findWebhookEndpoint(deps.db, company.id, input.endpointUuid);
  if (!endpoint) throw new NotFoundError('webhook endpoint');
  if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; the recover stopped`);
  const page = await findFailedEventPage(deps.db, endpoint.id, new Date(input.since), input.after?.id ?? null, RECOVERY_PAGE_SIZE);
  let retried = input.resumed?.retried ?? 0;
  const skipped: RecoveryPageOutcome['skipped'] = [...(input.resumed?.skipped ?? [])];
  for (let at = 0; at < page.length; at += RECOVERY_CONCURRENCY) {
    const batch = page.slice(at, at + RECOVERY_CONCURRENCY);
    const outcomes = await Promise.allSettled(
      batch.map((event) => retryWebhookEvent(deps, actor, { eventUuid: event.uuid, companyId: company.id, priorityClass: 'bulk' })),
    );
    let failure: { reason: unknown } | undefined;
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') retried += 1;
      else if (changedMeanwhile(outcome.reason)) skipped.push({ uuid: batch[i].uuid, reason: (outcome.reason as Error).message });
      else failure ??= { reason: outcome.reason };
    });
    input.heartbeat?.({ retried, skipped });
    // Temporal or Postgres out of reach, or the endpoint paused: the page is tried again, or the recover ends.
    if (failure) throw failure.reason;
  }
  const last = page.at(-1);
  return { retried, skipped, next: page.length === RECOVERY_PAGE_SIZE && last ? { id: last.id } : null };
}

/** The event is gone or no longer failed (someone retried it): skipped. Its endpoint paused is not the event's change. */
function changedMeanwhile(error: unknown): boolean {
  if (error instanceof NotFoundError) return true;
  return error instanceof ConflictError && !error.message.startsWith('webhook endpoint is');
}
