import type {
  ClaimBatchPageInput,
  ClaimBatchPageResult,
  RunBatchGroupInput,
  RunBatchGroupResult,
} from '../contracts/analysis-batch-workflow-contract';
import { SYSTEM_ACTOR } from '../domain/actor';
import { createAnalysisBatchRun } from '../usecases/analysis-batches/analysis-batch-run';
import { createAnalysisPipeline, createAnalysisRunCache } from '../usecases/analyses/support/analysis-run';
import type { ActivityDeps } from './activity-deps';

/** A portfolio batch's steps (docs/batches.md); each row group is an ordinary analysis of mode `batch`. */
export function createAnalysisBatchActivities(deps: ActivityDeps) {
  // Rows write in one statement, like a sync run, and never resume from a step: nothing to cache.
  const run = createAnalysisBatchRun(deps, createAnalysisPipeline(deps, createAnalysisRunCache(1)));
  return {
    startAnalysisBatch: (input: { batchUuid: string }): Promise<{ exists: boolean }> => run.startBatch(SYSTEM_ACTOR, input),
    claimAnalysisBatchPage: (input: ClaimBatchPageInput): Promise<ClaimBatchPageResult> => run.claimPage(SYSTEM_ACTOR, input),
    runAnalysisBatchGroup: (input: RunBatchGroupInput): Promise<RunBatchGroupResult> => run.runGroup(SYSTEM_ACTOR, input),
    pauseAnalysisBatchForQuota: (input: { batchUuid: string }): Promise<void> => run.pauseForQuota(SYSTEM_ACTOR, input),
    finishAnalysisBatch: (input: { batchUuid: string; canceled: boolean }): Promise<void> => run.finishBatch(SYSTEM_ACTOR, input),
  };
}
