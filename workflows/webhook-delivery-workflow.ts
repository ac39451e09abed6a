import {
  type ActivityOptions,
  ApplicationFailure,
  CancellationScope,
  condition,
  defineQuery,
  defineSignal,
  isCancellation,
  proxyActivities,
  proxyLocalActivities,
  setHandler,
} from '@temporalio/workflow';
import type { createWebhookActivities } from '../activities/webhook-activities';
import {
  deliveryQueries,
  deliverySignals,
  type DeliveryState,
  type DeliveryStatus,
  type WebhookDeliveryInput,
  webhookDeliveryWorkflowContract,
} from '../contracts/webhook-delivery-workflow-contract';
import { withRunPriority } from './run-priority';

/**
 * One delivery run of one webhook event to one endpoint. The workflow only sequences: each
 * attempt is an activity (fresh timestamp and signature), the waits between attempts are
 * durable timers, so a worker or server restart loses nothing.
 */
export const retryNowSignal = defineSignal(deliverySignals.retryNow);
export const deliveryStateQuery = defineQuery<DeliveryState>(deliveryQueries.deliveryState);

type WebhookActivities = ReturnType<typeof createWebhookActivities>;
const { eventNotFound, deliveryFailed } = webhookDeliveryWorkflowContract.failureTypes;

/**
 * The first attempt runs as a local activity: most deliveries succeed at once, and this halves
 * the server round trips of a delivery (one workflow task instead of two plus an activity task).
 * A worker that dies mid-attempt is noticed by the workflow task timeout and the attempt re-runs.
 */
const firstAttempt = proxyLocalActivities<WebhookActivities>({
  startToCloseTimeout: '150s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', nonRetryableErrorTypes: [eventNotFound] },
});

/** Retries run as regular activities: load-balanced over workers, with heartbeats, at the run's priority. */
const laterAttemptOptions: ActivityOptions = {
  // Above the largest WEBHOOK_TIMEOUT_MS (120 s); heartbeats reveal a dead worker much sooner.
  startToCloseTimeout: '150s',
  heartbeatTimeout: '10s',
  // Infrastructure failures (Postgres down) are retried until they pass: nothing is dropped.
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', nonRetryableErrorTypes: [eventNotFound] },
};

/** Recording a cancellation must happen whatever it takes. */
const cleanup = proxyLocalActivities<WebhookActivities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m' },
});

export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<DeliveryStatus> {
  let retryNow = false;
  const state: DeliveryState = { attemptNumber: input.firstAttemptNumber, status: 'pending', waitingMs: null };
  setHandler(retryNowSignal, () => {
    retryNow = true;
  });
  setHandler(deliveryStateQuery, () => state);
  const laterAttempt = proxyActivities<WebhookActivities>(withRunPriority(laterAttemptOptions));
  try {
    for (let attemptInRun = 1; ; attemptInRun++) {
      state.attemptNumber = input.firstAttemptNumber + attemptInRun - 1;
      state.waitingMs = null;
      const attempt = attemptInRun === 1 ? firstAttempt.attemptWebhookDelivery : laterAttempt.attemptWebhookDelivery;
      const outcome = await attempt({ eventUuid: input.eventUuid, run: input.run, attemptNumber: state.attemptNumber, attemptInRun });
      state.status = outcome.status;
      if (outcome.done && outcome.status === 'failed') {
        // The event row is `failed` already (recorded by the attempt): the run fails too, so that
        // operators find it by ExecutionStatus; a workflow failure is never retried.
        const code = outcome.lastStatusCode ?? null;
        throw ApplicationFailure.create({
          type: deliveryFailed,
          nonRetryable: true,
          message: `webhook delivery failed at attempt ${state.attemptNumber}${code === null ? '' : ` (last status code ${code})`}`,
          details: [{ lastStatusCode: code }],
        });
      }
      if (outcome.done) return outcome.status;
      retryNow = false;
      state.waitingMs = outcome.delayMs;
      if (outcome.delayMs && outcome.delayMs > 0) await condition(() => retryNow, outcome.delayMs);
    }
  } catch (error) {
    if (!isCancellation(error)) throw error;
    // POST /workflows/{id}/cancel: the event ends `canceled` unless an attempt finished it first.
    await CancellationScope.nonCancellable(() => cleanup.cancelWebhookDelivery({ eventUuid: input.eventUuid, run: input.run }));
    state.status = 'canceled';
    throw error;
  }
}
