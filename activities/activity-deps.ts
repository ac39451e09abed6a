import type { AnalysisSummary } from '../contracts/analysis-workflow-contract';
import type { SyncRunBoard } from '../usecases/analyses/sync-run-board';
import type { UsecaseDeps } from '../usecases/usecase-deps';

export type ActivityDeps = UsecaseDeps & {
  /** In the api's embedded worker: where a sync analysis reports its outcome to the waiting request. */
  syncRuns?: SyncRunBoard<AnalysisSummary>;
};
