import { CancellationScope, isCancellation, proxyLocalActivities, sleep } from '@temporalio/workflow';
import type { createScreeningActivities } from '../activities/screening-activities';
import type { createWebhookActivities } from '../activities/webhook-activities';
import {
  screeningWorkflowContract,
  type ScreeningWorkflowInput,
  type ScreeningWorkflowResult,
} from '../contracts/screening-workflow-contract';

type ScreeningActivities = ReturnType<typeof createScreeningActivities>;
type WebhookActivities = ReturnType<typeof createWebhookActivities>;
const notFound = screeningWorkflowContract.failureTypes.notFound;

/*
 * Local activities: each step takes milliseconds (one indexed query, pure scoring, one
 * transaction), so the round trips of regular activity tasks (two extra workflow tasks and two
 * queue hops each) would cost more than the work. Retries and timeouts stay explicit; a crash
 * re-runs the workflow task, and every step is idempotent.
 */
const { screenSubjectMedia } = proxyLocalActivities<ScreeningActivities>({
  startToCloseTimeout: '2 minutes',
  // Longer back-offs become durable timers instead of holding the workflow task open.
  localRetryThreshold: '2 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 5, nonRetryableErrorTypes: [notFound] },
});

// Recording the failure or the cancellation and announcing the result must not give up while Postgres is briefly away.
const { failScreening, cancelScreening } = proxyLocalActivities<ScreeningActivities>({
  startToCloseTimeout: '30 seconds',
  localRetryThreshold: '2 seconds',
  retry: {
    initialInterval: '1s',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: 20,
    nonRetryableErrorTypes: [notFound],
  },
});
const { publishWebhookEvent } = proxyLocalActivities<WebhookActivities>({
  startToCloseTimeout: '30 seconds',
  localRetryThreshold: '2 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute', maximumAttempts: 20 },
});

/**
 * One adverse-media screening (contracts/screening-workflow-contract.ts): screen, or record the
 * failure when the screening step gave up, then emit adverse_media.completed or
 * adverse_media.failed (to the request's endpoint and to subscribers; idempotent per screening).
 */
export async function screeningWorkflow(input: ScreeningWorkflowInput): Promise<ScreeningWorkflowResult> {
  let outcome;
  try {
    // Tests only: a screening queued and not screened yet, so that a cancel finds it in flight.
    if (input.testStepDelayMs) await sleep(input.testStepDelayMs);
    outcome = await screenSubjectMedia(input);
  } catch (error) {
    // POST /workflows/{id}/cancel: `canceled`, quota given back, no webhook; the run ends canceled —
    // unless the screening finished first, whose end then stands and is announced.
    if (isCancellation(error) && (await CancellationScope.nonCancellable(() => cancelScreening(input))).canceled) throw error;
    // A local activity that gave up surfaces as ActivityFailure or as its ApplicationFailure;
    // failScreening leaves a finished screening as it is and reads its outcome.
    outcome = await CancellationScope.nonCancellable(() => failScreening(input));
  }
  // Finished: a cancel request arriving now no longer stops the announcement.
  if (outcome.hasWebhookTargets) {
    await CancellationScope.nonCancellable(() =>
      publishWebhookEvent({
        companyId: outcome.companyId,
        type: `adverse_media.${outcome.status}`,
        data: outcome.eventData,
        explicitEndpointUuid: outcome.webhookEndpointUuid,
        idempotencyKey: `screening:${input.screeningUuid}:${outcome.status}`,
      }),
    );
  }
  return { status: outcome.status, hitCount: outcome.status === 'completed' ? Number(outcome.eventData.hit_count) : null };
}
