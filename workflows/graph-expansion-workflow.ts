import { proxyLocalActivities } from '@temporalio/workflow';
import type { createGraphActivities } from '../activities/graph-activities';
import {
  type GraphExpansionInput,
  type GraphExpansionResult,
  graphExpansionWorkflowContract,
} from '../contracts/graph-expansion-workflow-contract';

const failures = graphExpansionWorkflowContract.failureTypes;

// A short database transaction: a local activity saves the activity-task round trip, and the
// retry policy covers a lost connection; deterministic failures (unknown node) are non-retryable.
const { expandGraphNode } = proxyLocalActivities<ReturnType<typeof createGraphActivities>>({
  startToCloseTimeout: '15s',
  scheduleToCloseTimeout: '45s',
  retry: {
    initialInterval: '200ms',
    backoffCoefficient: 2,
    maximumInterval: '5s',
    maximumAttempts: 5,
    nonRetryableErrorTypes: [failures.notFound, failures.notReady],
  },
});

/** Expands one node of an analysis graph (docs/graph.md); the result is persisted by the activity. */
export async function graphExpansionWorkflow(input: GraphExpansionInput): Promise<GraphExpansionResult> {
  return expandGraphNode(input);
}
