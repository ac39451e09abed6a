import { proxyLocalActivities } from '@temporalio/workflow';
import type { createGraphActivities, ExpandGraphNodeInput, ExpandGraphNodeResult } from '../activities/graph-activities';

// A short database transaction: a local activity saves the activity-task round trip, and the
// retry policy covers a lost connection; deterministic failures (unknown node) are non-retryable.
const { expandGraphNode } = proxyLocalActivities<ReturnType<typeof createGraphActivities>>({
  startToCloseTimeout: '15s',
  scheduleToCloseTimeout: '45s',
  retry: { initialInterval: '200ms', backoffCoefficient: 2, maximumInterval: '5s', maximumAttempts: 5, nonRetryableErrorTypes: ['GraphTargetNotFound', 'GraphNotReady'] },
});

/** Expands one node of an analysis graph (spec §2.8); the result is persisted by the activity. */
export async function graphExpansionWorkflow(input: ExpandGraphNodeInput): Promise<ExpandGraphNodeResult> {
  return expandGraphNode(input);
}
