import { type AnalysisSummary, type AnalysisWorkflowInput, analysisWorkflowContract } from '../../../contracts/analysis-workflow-contract';
import { DependencyUnavailableError, WorkflowFailedError } from '../../../domain/errors';
import { awaitWorkflowResult, type StartedWorkflow, startWorkflow } from '../../../infra/start-workflow';
import { withinDeadline } from '../../../infra/temporal-deadline';
import type { UsecaseDeps } from '../../support/usecase-deps';
import { awaitReportedOutcome, type SyncRunWaiter } from './sync-run-board';

type SyncRunDeps = Pick<UsecaseDeps, 'temporal' | 'syncRuns'>;

/** A sync caller waits at most this long; then the analysis is cancelled (and cleaned up). */
const SYNC_RESULT_DEADLINE_MS = 30_000;
/**
 * How long a sync run started eagerly in this process may go without reporting on the board
 * before the workflow result is awaited as well (its task may have failed over to another worker).
 */
const BOARD_GRACE_MS = 2_000;

const failed = () => new WorkflowFailedError('analysis processing failed');

/**
 * Starts a sync analysis and waits for its outcome: from the board when its task runs in this
 * process (eager start to the embedded worker), else — or when the board stays silent past the
 * grace period — from the workflow result. Out of time or Temporal gone mid-run: the run is
 * cancelled, so the workflow cleans up whenever it runs, and the caller gets 502.
 */
export async function awaitSyncRun(deps: SyncRunDeps, input: AnalysisWorkflowInput): Promise<AnalysisSummary> {
  // Registered before the start: the embedded worker may report before start() even returns.
  const waiter = deps.syncRuns?.expect(input.uuid);
  try {
    const started = await startWorkflow(deps.temporal, analysisWorkflowContract, input);
    try {
      return await withinDeadline(
        deps.temporal,
        () => outcome(deps, started, started.eagerlyStarted ? waiter : undefined),
        SYNC_RESULT_DEADLINE_MS,
      );
    } catch (error) {
      if (error instanceof WorkflowFailedError) throw failed();
      await withinDeadline(deps.temporal, () => started.handle.cancel()).catch(() => undefined);
      throw new DependencyUnavailableError('temporal');
    }
  } finally {
    waiter?.dispose();
  }
}

function outcome(
  deps: SyncRunDeps,
  started: StartedWorkflow<AnalysisSummary>,
  waiter: SyncRunWaiter<AnalysisSummary> | undefined,
): Promise<AnalysisSummary> {
  const viaResult = () => awaitWorkflowResult(deps.temporal, started, SYNC_RESULT_DEADLINE_MS);
  if (!waiter) return viaResult();
  return awaitReportedOutcome(waiter, viaResult, { graceMs: BOARD_GRACE_MS, failed });
}
