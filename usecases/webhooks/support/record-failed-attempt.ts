import type { UsecaseDeps } from '../../support/usecase-deps';
import {
  disableEndpoint,
  finishEvent,
  insertAttempt,
  loadDeliveryContext,
  recordEndpointFailure,
} from '../../../db/repositories/webhooks/webhook-attempt-repository';
import type { ClaimedDelivery } from '../../../db/repositories/webhooks/webhook-delivery-repository';
import { type AttemptVerdict, shouldDisableEndpoint } from '../../../domain/webhooks/delivery-outcome';
import { nextRetryDelayMs, parseRetryAfterMs } from '../../../domain/webhooks/retry-schedule';
import type { WebhookPostResult } from '../../../infra/webhook-http-client';
import type { AttemptInput, AttemptOutcome } from '../../../contracts/webhook-delivery-workflow-contract';
import { reportFailedAttempt } from './report-delivery-attempt';

/*
 * How an attempt of a webhook delivery ends when it fails, and what a replayed attempt reads back
 * (usecases/webhooks/attempt-webhook-delivery.ts): a helper of that use case, not one itself.
 */

export const isFinal = (status: string): status is 'succeeded' | 'failed' | 'canceled' =>
  status === 'succeeded' || status === 'failed' || status === 'canceled';

/** The outcome another execution of the same attempt already recorded. */
export function outcomeOf(event: { status: string; nextAttemptAt: Date | null } | undefined): AttemptOutcome {
  if (event && isFinal(event.status)) return { done: true, status: event.status, delayMs: null };
  const delayMs = event?.nextAttemptAt ? Math.max(0, event.nextAttemptAt.getTime() - Date.now()) : 0;
  return { done: false, status: 'delivering', delayMs };
}

type FailedAttempt = {
  event: ClaimedDelivery;
  input: AttemptInput;
  record: Parameters<typeof insertAttempt>[1];
  result: WebhookPostResult;
  verdict: AttemptVerdict;
};

/**
 * A failed attempt, recorded once in one transaction: the attempt, the endpoint's failure streak
 * (and its disabling when the streak is too long, or at a 410), the next wait or the final
 * `failed`; then reported (a log line with its ids, the metrics) once committed.
 */
export async function recordFailedAttempt(
  deps: Pick<UsecaseDeps, 'db' | 'config' | 'logger'>,
  { event, input, record, result, verdict }: FailedAttempt,
): Promise<AttemptOutcome> {
  const failed = await deps.db.transaction(async (trx) => {
    if (!(await insertAttempt(trx, record)))
      return { outcome: outcomeOf(await loadDeliveryContext(trx, input.eventUuid)), recorded: false, disabledReason: null };
    let disabledReason: string | null = null;
    if (event.endpointStatus === 'active') {
      const firstFailureAt = await recordEndpointFailure(trx, event.endpointId);
      disabledReason = shouldDisableEndpoint({
        verdict,
        firstFailureAt,
        now: new Date(),
        disableAfterMs: deps.config.WEBHOOK_DISABLE_AFTER_MS,
      });
      if (disabledReason) await disableEndpoint(trx, event.endpointId, disabledReason);
    }
    const delayMs =
      event.endpointStatus === 'active' && !disabledReason
        ? nextRetryDelayMs({
            scheduleMs: deps.config.WEBHOOK_RETRY_SCHEDULE,
            failedAttemptsInRun: input.attemptInRun,
            random: Math.random(),
            retryAfterMs: parseRetryAfterMs(result.retryAfter, new Date()),
          })
        : null;
    const status = delayMs === null ? 'failed' : 'delivering';
    await finishEvent(trx, event.eventId, {
      attemptNumber: input.attemptNumber,
      status,
      nextAttemptAt: delayMs === null ? null : new Date(Date.now() + delayMs),
    });
    return {
      outcome: { done: delayMs === null, status, delayMs, lastStatusCode: result.statusCode } as AttemptOutcome,
      recorded: true,
      disabledReason,
    };
  });
  // Logged once committed: a rolled-back attempt is retried, and reported then.
  if (failed.recorded) {
    if (failed.disabledReason)
      deps.logger.warn({ endpoint_uuid: event.endpointUuid, reason: failed.disabledReason }, 'webhook endpoint disabled');
    const reported = {
      eventUuid: event.eventUuid,
      endpointUuid: event.endpointUuid,
      attemptNumber: input.attemptNumber,
      statusCode: result.statusCode,
      error: result.error,
      durationMs: result.durationMs,
    };
    reportFailedAttempt(deps.logger, reported, { retryInMs: failed.outcome.delayMs, endpointDisabled: failed.disabledReason });
  }
  return failed.outcome;
}
