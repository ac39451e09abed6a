import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import type { AttemptInput, AttemptOutcome } from '../../contracts/webhook-delivery-workflow-contract';
import { loadDeliveryContext } from '../../db/repositories/webhooks/webhook-attempt-repository';
import { claimDeliveryAttempt, recordSuccessfulAttempt } from '../../db/repositories/webhooks/webhook-delivery-repository';
import { judgeAttempt } from '../../domain/webhooks/delivery-outcome';
import { webhookHeaders } from '../../domain/webhooks/signing';
import { postWebhook, type WebhookPostResult } from '../../infra/webhook-http-client';
import { openEndpointSecret } from './support/endpoint-secret';
import { isFinal, outcomeOf, recordFailedAttempt } from './support/record-failed-attempt';
import { WebhookEventNotVisibleError } from './support/webhook-event-not-visible-error';
import { reportSucceededAttempt } from './support/report-delivery-attempt';

/** How this execution of the attempt runs: its retry count, and a heartbeat for slow receivers. */
export type AttemptRuntime = { executionAttempt: number; heartbeat?: () => void };

/** A row written by a transaction that has not committed yet is retried for a while, then given up. */
const maxInvisibleAttempts = 8;

/**
 * Attempt `attemptNumber` of an event: send once, record once (a replay reads the record).
 * Success, the common case, is one statement; a failure decides between its writes in a
 * transaction (endpoint failure streak, disabling, the next wait).
 */
export async function attemptWebhookDelivery(
  deps: Pick<UsecaseDeps, 'db' | 'config' | 'logger'>,
  actor: SystemActor,
  input: { attempt: AttemptInput; runtime: AttemptRuntime },
): Promise<AttemptOutcome> {
  const { attempt, runtime } = input;
  const { db, config } = deps;
  // One round trip: wait for the publishing transaction's commit, then the context, the replay
  // check and pending → delivering.
  const event = await claimDeliveryAttempt(db, attempt);
  if (!event || event.deliveryRun < attempt.run) {
    throw new WebhookEventNotVisibleError(
      `webhook event ${attempt.eventUuid} run ${attempt.run}`,
      runtime.executionAttempt >= maxInvisibleAttempts,
    );
  }
  if (event.deliveryRun > attempt.run) return { done: true, status: 'superseded', delayMs: null };
  if (isFinal(event.status)) return { done: true, status: event.status, delayMs: null };
  // The worker died after recording this attempt: continue from the record, send nothing.
  if (event.attemptRecorded) return outcomeOf(event);

  const startedAt = new Date();
  let result: WebhookPostResult;
  if (event.endpointStatus !== 'active') {
    result = {
      statusCode: null,
      error: `endpoint is ${event.endpointStatus}; not sent`,
      responseBody: null,
      retryAfter: null,
      durationMs: 0,
    };
  } else {
    const body = JSON.stringify(event.payload);
    const secrets = [event.secretCiphertext, event.previousSecretCiphertext]
      .filter((c): c is string => c !== null)
      .map((c) => openEndpointSecret(config.WEBHOOK_ENCRYPTION_KEY, event.endpointUuid, c));
    const headers = webhookHeaders(secrets, event.eventUuid, startedAt, body);
    const beat = runtime.heartbeat ? setInterval(runtime.heartbeat, 2000) : undefined;
    try {
      result = await postWebhook({
        url: event.url,
        headers,
        body,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES,
        allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      });
    } finally {
      clearInterval(beat);
    }
  }

  const verdict = judgeAttempt(result);
  const record = {
    eventId: event.eventId,
    endpointId: event.endpointId,
    companyId: event.companyId,
    attemptNumber: attempt.attemptNumber,
    startedAt,
    durationMs: result.durationMs,
    statusCode: result.statusCode,
    error: result.error,
    responseBody: result.responseBody,
  };
  if (verdict === 'succeeded') {
    if (await recordSuccessfulAttempt(db, record)) {
      reportSucceededAttempt();
      return { done: true, status: 'succeeded', delayMs: null };
    }
    return outcomeOf(await loadDeliveryContext(db, attempt.eventUuid));
  }
  return recordFailedAttempt(deps, { event, input: attempt, record, result, verdict });
}
