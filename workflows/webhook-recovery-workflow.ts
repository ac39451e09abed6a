import { type ActivityOptions, continueAsNew, defineQuery, proxyActivities, setHandler } from '@temporalio/workflow';
import type { createWebhookActivities } from '../activities/webhook-activities';
import {
  RECOVERY_SKIPS_KEPT,
  type RecoveryCursor,
  type RecoveryProgress,
  recoveryQueries,
  type WebhookRecoveryInput,
  webhookRecoveryWorkflowContract,
} from '../contracts/webhook-recovery-workflow-contract';
import { withRunPriority } from './run-priority';

export const recoveryProgressQuery = defineQuery<RecoveryProgress>(recoveryQueries.recoveryProgress);

const { endpointNotActive } = webhookRecoveryWorkflowContract.failureTypes;

/*
 * One page is one activity that starts the new delivery runs of up to a page of events with
 * bounded concurrency and heartbeats as it goes: the history grows by three events per page,
 * not per event, and a lost worker is noticed at the heartbeat timeout. A page retried after a
 * partial run skips the events it already retried (they are no longer failed).
 */
const pageOptions: ActivityOptions = {
  startToCloseTimeout: '5m',
  heartbeatTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', nonRetryableErrorTypes: [endpointNotActive] },
};

/** Pages per run before the run continues as new with its progress: the history stays small however many failed. */
const PAGES_PER_RUN = 100;

/**
 * Recovers an endpoint's failed events page by page (contracts/webhook-recovery-workflow-contract.ts);
 * the `recoveryProgress` query (GET /workflows/{id}'s current_step) tells how far it got.
 */
export async function webhookRecoveryWorkflow(
  input: WebhookRecoveryInput,
  carried?: { after: RecoveryCursor; progress: RecoveryProgress },
): Promise<RecoveryProgress> {
  // The run's own priority, read inside the run (workflows/run-priority.ts).
  const { recoverFailedEventsPage } = proxyActivities<ReturnType<typeof createWebhookActivities>>(withRunPriority(pageOptions));
  const progress: RecoveryProgress = carried?.progress ?? { retried: 0, skippedCount: 0, skipped: [], done: false };
  setHandler(recoveryProgressQuery, () => progress);
  let after = carried?.after ?? null;
  for (let page = 0; page < PAGES_PER_RUN; page++) {
    const outcome = await recoverFailedEventsPage({ ...input, after });
    progress.retried += outcome.retried;
    progress.skippedCount += outcome.skipped.length;
    for (const skip of outcome.skipped) if (progress.skipped.length < RECOVERY_SKIPS_KEPT) progress.skipped.push(skip);
    if (outcome.next === null) {
      progress.done = true;
      return progress;
    }
    after = outcome.next;
  }
  return continueAsNew<typeof webhookRecoveryWorkflow>(input, { after, progress });
}
