import { activityInfo, ApplicationFailure, heartbeat } from '@temporalio/activity';
import type { ActivityDeps } from './index';
import { disableEndpoint, finishEvent, insertAttempt, loadDeliveryContext, recordEndpointFailure } from '../db/repositories/webhook-attempt-repository';
import { claimDeliveryAttempt, recordSuccessfulAttempt } from '../db/repositories/webhook-delivery-statements';
import { readEndpointSecret } from '../db/repositories/webhook-endpoint-repository';
import { publishWebhookEventNow, PublishInput } from '../infra/webhook-publishing';
import { judgeAttempt, shouldDisableEndpoint } from '../domain/webhooks/delivery-outcome';
import { nextRetryDelayMs, parseRetryAfterMs } from '../domain/webhooks/retry-schedule';
import { webhookHeaders } from '../domain/webhooks/signing';
import { postWebhook } from '../infra/webhook-http-client';

export type AttemptInput = { eventUuid: string; run: number; attemptNumber: number; attemptInRun: number };
export type AttemptOutcome = { done: boolean; status: 'succeeded' | 'failed' | 'delivering' | 'superseded'; delayMs: number | null };

/** A row written by a transaction that has not committed yet is retried for a while, then given up. */
const maxInvisibleAttempts = 8;

function notVisibleYet(what: string): never {
  if (activityInfo().attempt >= maxInvisibleAttempts) throw ApplicationFailure.nonRetryable(`${what}`, 'WebhookEventNotFound');
  throw ApplicationFailure.retryable(`${what} (not visible yet)`, 'WebhookEventNotVisible');
}

/** The outcome another execution of the same attempt already recorded. */
function outcomeOf(event: { status: string; nextAttemptAt: Date | null } | undefined): AttemptOutcome {
  if (event?.status === 'succeeded' || event?.status === 'failed') return { done: true, status: event.status, delayMs: null };
  const delayMs = event?.nextAttemptAt ? Math.max(0, event.nextAttemptAt.getTime() - Date.now()) : 0;
  return { done: false, status: 'delivering', delayMs };
}

export function createWebhookActivities(deps: ActivityDeps) {
  const { db, config, logger } = deps;

  /** Attempt `attemptNumber` of an event: send once, record once (a replay reads the record). */
  async function attemptWebhookDelivery(input: AttemptInput): Promise<AttemptOutcome> {
    // One round trip: wait for the publishing transaction's commit (started inside it, eagerly,
    // often in this very process, the attempt can run first), then the context, the replay check
    // and pending → delivering.
    const event = await claimDeliveryAttempt(db, input);
    if (!event || event.deliveryRun < input.run) notVisibleYet(`webhook event ${input.eventUuid} run ${input.run}`);
    if (event.deliveryRun > input.run) return { done: true, status: 'superseded', delayMs: null };
    if (event.status === 'succeeded' || event.status === 'failed') return { done: true, status: event.status, delayMs: null };
    // The worker died after recording this attempt: continue from the record, send nothing.
    if (event.attemptRecorded) return outcomeOf(event);

    const startedAt = new Date();
    let result: { statusCode: number | null; error: string | null; responseBody: string | null; retryAfter: string | null; durationMs: number };
    if (event.endpointStatus !== 'active') {
      result = { statusCode: null, error: `endpoint is ${event.endpointStatus}; not sent`, responseBody: null, retryAfter: null, durationMs: 0 };
    } else {
      const body = JSON.stringify(event.payload);
      const headers = webhookHeaders(readEndpointSecret(config.WEBHOOK_ENCRYPTION_KEY, { uuid: event.endpointUuid, secret_ciphertext: event.secretCiphertext }), event.eventUuid, startedAt, body);
      // Heartbeats only for slow receivers, so that a killed worker is noticed in seconds.
      const beat = activityInfo().isLocal ? undefined : setInterval(() => heartbeat(), 2000);
      try {
        result = await postWebhook({ url: event.url, headers, body, timeoutMs: config.WEBHOOK_TIMEOUT_MS, maxResponseBytes: config.WEBHOOK_MAX_RESPONSE_BYTES, allowPrivateTargets: config.WEBHOOK_ALLOW_PRIVATE_TARGETS });
      } finally {
        clearInterval(beat);
      }
    }

    const verdict = judgeAttempt(result);
    const record = {
      eventId: event.eventId,
      companyId: event.companyId,
      attemptNumber: input.attemptNumber,
      startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      error: result.error,
      responseBody: result.responseBody,
    };
    // Success, the common case, is one statement; a failure needs decisions between its writes.
    if (verdict === 'succeeded') {
      if (await recordSuccessfulAttempt(db, { ...record, endpointId: event.endpointId })) return { done: true, status: 'succeeded', delayMs: null };
      return outcomeOf(await loadDeliveryContext(db, input.eventUuid));
    }
    return db.transaction(async (trx) => {
      const fresh = await insertAttempt(trx, record);
      if (!fresh) return outcomeOf(await loadDeliveryContext(trx, input.eventUuid));
      let disabledReason: string | null = null;
      if (event.endpointStatus === 'active') {
        const firstFailureAt = await recordEndpointFailure(trx, event.endpointId);
        disabledReason = shouldDisableEndpoint({ verdict, firstFailureAt, now: new Date(), disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS });
        if (disabledReason) {
          await disableEndpoint(trx, event.endpointId, disabledReason);
          logger.warn({ endpoint_uuid: event.endpointUuid, reason: disabledReason }, 'webhook endpoint disabled');
        }
      }
      const delayMs = event.endpointStatus === 'active' && !disabledReason
        ? nextRetryDelayMs({ scheduleMs: config.WEBHOOK_RETRY_SCHEDULE, failedAttemptsInRun: input.attemptInRun, random: Math.random(), retryAfterMs: parseRetryAfterMs(result.retryAfter, new Date()) })
        : null;
      const status = delayMs === null ? 'failed' : 'delivering';
      await finishEvent(trx, event.eventId, { attemptNumber: input.attemptNumber, status, nextAttemptAt: delayMs === null ? null : new Date(Date.now() + delayMs) });
      return { done: delayMs === null, status, delayMs } as AttemptOutcome;
    });
  }

  return {
    attemptWebhookDelivery,
    /** The publishing interface of the other areas (analysis, adverse media): see docs/webhooks.md. */
    publishWebhookEvent: (input: PublishInput): Promise<{ eventUuids: string[] }> => publishWebhookEventNow({ db, temporal: deps.temporal }, input),
  };
}
