import {
  allHandlersFinished,
  condition,
  continueAsNew,
  defineUpdate,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { createAnalysisBatchActivities } from '../activities/analysis-batch-activities';
import {
  analysisBatchUpdates,
  BATCH_PAGE_SIZE,
  BATCH_PAGES_PER_RUN,
  type AnalysisBatchWorkflowInput,
  type AnalysisBatchWorkflowResult,
  type BatchRowGroup,
} from '../contracts/analysis-batch-workflow-contract';

type BatchActivities = ReturnType<typeof createAnalysisBatchActivities>;

/** Bookkeeping steps: short statements, retried until Postgres answers. */
const steps = proxyActivities<BatchActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * A row group is one analysis written in one statement (the sync run's path): seconds at most. A
 * worker killed mid-row is noticed at the timeout and the group runs again, finding its analysis
 * written or not (its uuid is derived from the batch and the subject).
 */
const rows = proxyActivities<BatchActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

export const pauseBatchUpdate = defineUpdate<void, [unknown]>(analysisBatchUpdates.pause);
export const resumeBatchUpdate = defineUpdate<void, [unknown]>(analysisBatchUpdates.resume);
export const cancelBatchUpdate = defineUpdate<void, [unknown]>(analysisBatchUpdates.cancel);

/**
 * One portfolio batch (docs/batches.md, "Lifecycle"): pages of pending rows from Postgres in file
 * order, each page's subject groups run `concurrency` at a time as activities (inheriting the
 * run's bulk priority), until no row is pending; then the batch completes and announces itself.
 * Pause, resume and cancel arrive as updates (the API wrote the status first): a pause or a
 * cancel lets the rows in flight finish and starts no more; a resume reads the pending rows again
 * from the top. A spent quota pauses the batch (`quota_exceeded`). Continues as new every
 * BATCH_PAGES_PER_RUN pages (or when Temporal suggests it), so the history stays bounded however
 * long the file.
 */
export async function analysisBatchWorkflow(input: AnalysisBatchWorkflowInput): Promise<AnalysisBatchWorkflowResult> {
  let paused = input.paused ?? false;
  let canceled = input.canceled ?? false;
  setHandler(pauseBatchUpdate, () => {
    paused = true;
  });
  setHandler(resumeBatchUpdate, () => {
    paused = false;
  });
  setHandler(cancelBatchUpdate, () => {
    canceled = true;
  });

  if (input.afterRow === undefined && !(await steps.startAnalysisBatch({ batchUuid: input.batchUuid })).exists)
    return { status: 'canceled' };

  /** Runs a page's groups, `concurrency` lanes; answers whether the quota ran out. */
  async function runPage(groups: BatchRowGroup[]): Promise<boolean> {
    let next = 0;
    let quotaSpent = false;
    const lane = async () => {
      while (next < groups.length && !paused && !canceled && !quotaSpent) {
        const group = groups[next++];
        if ((await rows.runAnalysisBatchGroup({ batchUuid: input.batchUuid, group })).outcome === 'quota_exceeded') quotaSpent = true;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(input.concurrency, groups.length)) }, lane));
    return quotaSpent;
  }

  let afterRow = input.afterRow ?? 0;
  for (let pages = 0; ; pages++) {
    if (paused && !canceled) {
      await condition(() => !paused || canceled);
      // Rows a pause left unrun lie behind the position: read from the top again.
      afterRow = 0;
    }
    if (canceled) break;
    if (pages >= BATCH_PAGES_PER_RUN || workflowInfo().continueAsNewSuggested) {
      await condition(allHandlersFinished);
      return continueAsNew<typeof analysisBatchWorkflow>({ ...input, afterRow, paused, canceled });
    }
    const page = await steps.claimAnalysisBatchPage({ batchUuid: input.batchUuid, afterRow, limit: BATCH_PAGE_SIZE });
    if (page.groups.length === 0 && afterRow === 0) break;
    if (await runPage(page.groups)) {
      await steps.pauseAnalysisBatchForQuota({ batchUuid: input.batchUuid });
      paused = true;
      continue;
    }
    if (paused || canceled) continue;
    // The end of the file: one more pass from the top proves nothing is left pending.
    afterRow = page.lastRow ?? 0;
  }
  await steps.finishAnalysisBatch({ batchUuid: input.batchUuid, canceled });
  await condition(allHandlersFinished);
  return { status: canceled ? 'canceled' : 'completed' };
}
