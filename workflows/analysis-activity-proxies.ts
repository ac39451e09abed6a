import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';
import type { createAnalysisActivities } from '../activities/analysis-activities';
import type { createWebhookActivities } from '../activities/webhook-activities';
import { analysisWorkflowContract } from '../contracts/analysis-workflow-contract';
import { withRunPriority } from './run-priority';

/** The activities of the analysis workflow, each with its timeouts and retries. */
type AnalysisActivities = ReturnType<typeof createAnalysisActivities>;
type WebhookActivities = Pick<ReturnType<typeof createWebhookActivities>, 'publishWebhookEvent'>;
const DETERMINISTIC = analysisWorkflowContract.failureTypes.deterministic;

/**
 * Short database steps run as local activities: no task-queue round trip per step, the whole
 * analysis completes in one workflow task. Sync analyses give up within seconds (a caller is
 * waiting); async ones ride out a Postgres outage for minutes.
 */
export const syncSteps = proxyLocalActivities<AnalysisActivities>({
  startToCloseTimeout: '30s',
  scheduleToCloseTimeout: '45s',
  retry: {
    initialInterval: '100ms',
    backoffCoefficient: 2,
    maximumInterval: '2s',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [DETERMINISTIC],
  },
});
export const asyncSteps = proxyLocalActivities<AnalysisActivities>({
  startToCloseTimeout: '60s',
  scheduleToCloseTimeout: '15m',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [DETERMINISTIC] },
});
/** Cleanup must happen whatever it takes: unlimited retries. */
export const cleanup = proxyLocalActivities<AnalysisActivities>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '60s' },
});
/** The publication is a regular activity (it may wait out an outage for an hour), at the run's own priority. */
export const webhooks = () =>
  proxyActivities<WebhookActivities>(
    withRunPriority({
      startToCloseTimeout: '30s',
      scheduleToCloseTimeout: '1h',
      retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '5m' },
    }),
  );
