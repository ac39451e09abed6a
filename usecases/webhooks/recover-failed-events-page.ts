import type { UsecaseDeps } from '../support/usecase-deps';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { findWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { findFailedEventPage } from '../../db/repositories/webhooks/webhook-event-transition-repository';
import type { RecoveryPageInput, RecoveryPageOutcome, RecoveryPageProgress } from '../../contracts/webhook-recovery-workflow-contract';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { Actor } from '../../domain/actor';
import { retryWebhookEvent } from './retry-webhook-event';

/** Events one page of a recover retries, and how many of their starts run at once. */
const RECOVERY_PAGE_SIZE = 100;
const RECOVERY_CONCURRENCY = 8;

/**
 * One page of a recover (the activity `recoverFailedEventsPage`): each failed event exactly like
 * POST /webhooks/webhook-events/{uuid}/retry at bulk priority, a few at a time. An event that
 * changed meanwhile is skipped with its reason; an endpoint paused meanwhile ends the recover.
 * Progress is reported after every settled group, also just before a failure: an attempt after a
 * failed one (`resumed`) finds the events already retried no longer failed, and adds its own to
 * the counts it was given, so that the recover's total counts each event once.
 */
export async function recoverFailedEventsPage(
  deps: Pick<UsecaseDeps, 'db' | 'temporal' | 'heartbeat'>,
  actor: Actor,
  input: RecoveryPageInput & { resumed?: RecoveryPageProgress },
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
      batch.map((event) =>
        retryWebhookEvent({ db: deps.db, temporal: deps.temporal }, actor, {
          eventUuid: event.uuid,
          companyId: company.id,
          priorityClass: 'bulk',
        }),
      ),
    );
    let failure: { reason: unknown } | undefined;
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') retried += 1;
      else if (changedMeanwhile(outcome.reason)) skipped.push({ uuid: batch[i].uuid, reason: (outcome.reason as Error).message });
      else failure ??= { reason: outcome.reason };
    });
    const progress: RecoveryPageProgress = { retried, skipped };
    deps.heartbeat?.(progress);
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
