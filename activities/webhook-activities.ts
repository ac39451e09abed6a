import { activityInfo, ApplicationFailure, heartbeat } from '@temporalio/activity';
import {
  type AttemptInput,
  type AttemptOutcome,
  type PublishInput,
  webhookDeliveryWorkflowContract,
} from '../contracts/webhook-delivery-workflow-contract';
import { attemptWebhookDelivery } from '../usecases/webhooks/attempt-webhook-delivery';
import { WebhookEventNotVisibleError } from '../usecases/webhooks/support/webhook-event-not-visible-error';
import { cancelWebhookDelivery } from '../usecases/webhooks/cancel-webhook-delivery';
import { publishWebhookEvent } from '../usecases/webhooks/publish-webhook-event';
import { recoverFailedEventsPage } from '../usecases/webhooks/recover-failed-events-page';
import {
  type RecoveryPageInput,
  type RecoveryPageOutcome,
  type RecoveryPageProgress,
  webhookRecoveryWorkflowContract,
} from '../contracts/webhook-recovery-workflow-contract';
import { ConflictError } from '../domain/errors';
import { SYSTEM_ACTOR } from '../domain/actor';
import type { ActivityDeps } from './activity-deps';

const failures = webhookDeliveryWorkflowContract.failureTypes;

export function createWebhookActivities(deps: ActivityDeps) {
  return {
    /** One attempt of a delivery (usecases/webhooks/attempt-webhook-delivery.ts). */
    async attemptWebhookDelivery(input: AttemptInput): Promise<AttemptOutcome> {
      const info = activityInfo();
      try {
        // Heartbeats only for regular (retry) attempts, so that a killed worker is noticed in seconds.
        return await attemptWebhookDelivery(deps, SYSTEM_ACTOR, {
          attempt: input,
          runtime: { executionAttempt: info.attempt, heartbeat: info.isLocal ? undefined : () => heartbeat() },
        });
      } catch (error) {
        if (!(error instanceof WebhookEventNotVisibleError)) throw error;
        if (error.givenUp) throw ApplicationFailure.nonRetryable(error.message, failures.eventNotFound);
        throw ApplicationFailure.retryable(`${error.message} (not visible yet)`, failures.eventNotVisible);
      }
    },
    /** A canceled delivery run: its event ends `canceled` (usecases/webhooks/cancel-webhook-delivery.ts). */
    cancelWebhookDelivery: (input: { eventUuid: string; run: number }): Promise<{ canceled: boolean }> =>
      cancelWebhookDelivery(deps, SYSTEM_ACTOR, input),
    /** The publishing interface of the other areas (analyses, screenings): see docs/webhooks.md. */
    publishWebhookEvent: (input: PublishInput): Promise<{ eventUuids: string[] }> => publishWebhookEvent(deps, SYSTEM_ACTOR, input),
    /**
     * One page of a recover (usecases/webhooks/recover-failed-events-page.ts); an endpoint paused
     * meanwhile ends it. Its progress travels in the heartbeat details to the next attempt.
     */
    async recoverFailedEventsPage(input: RecoveryPageInput): Promise<RecoveryPageOutcome> {
      try {
        const resumed = activityInfo().heartbeatDetails as RecoveryPageProgress | undefined;
        return await recoverFailedEventsPage({ ...deps, heartbeat: (progress) => heartbeat(progress) }, SYSTEM_ACTOR, {
          ...input,
          resumed,
        });
      } catch (error) {
        if (error instanceof ConflictError)
          throw ApplicationFailure.nonRetryable(error.message, webhookRecoveryWorkflowContract.failureTypes.endpointNotActive);
        throw error;
      }
    },
  };
}
