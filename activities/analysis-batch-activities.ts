import type {
  ClaimBatchPageInput,
  ClaimBatchPageResult,
  RunBatchGroupInput,
  RunBatchGroupResult,
} from '../contracts/analysis-batch-workflow-contract';
import { SYSTEM_ACTOR } from '../domain/actor';
import { claimAnalysisBatchPage } from '../usecases/analysis-batches/claim-analysis-batch-page';
import { finishAnalysisBatch } from '../usecases/analysis-batches/finish-analysis-batch';
import { pauseAnalysisBatchForQuota } from '../usecases/analysis-batches/pause-analysis-batch-for-quota';
import { runAnalysisBatchGroup } from '../usecases/analysis-batches/run-analysis-batch-group';
import { startAnalysisBatch } from '../usecases/analysis-batches/start-analysis-batch';
import type { ActivityDeps } from './activity-deps';

/** A portfolio batch's steps (docs/batches.md); each row group is an ordinary analysis of mode `batch`. */
export function createAnalysisBatchActivities(deps: ActivityDeps) {
  return {
    startAnalysisBatch: (input: { batchUuid: string }): Promise<{ exists: boolean }> => startAnalysisBatch(deps, SYSTEM_ACTOR, input),
    claimAnalysisBatchPage: (input: ClaimBatchPageInput): Promise<ClaimBatchPageResult> =>
      claimAnalysisBatchPage(deps, SYSTEM_ACTOR, input),
    runAnalysisBatchGroup: (input: RunBatchGroupInput): Promise<RunBatchGroupResult> => runAnalysisBatchGroup(deps, SYSTEM_ACTOR, input),
    pauseAnalysisBatchForQuota: (input: { batchUuid: string }): Promise<void> => pauseAnalysisBatchForQuota(deps, SYSTEM_ACTOR, input),
    finishAnalysisBatch: (input: { batchUuid: string; canceled: boolean }): Promise<void> => finishAnalysisBatch(deps, SYSTEM_ACTOR, input),
  };
}
