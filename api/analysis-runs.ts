import { randomUUID } from 'node:crypto';
import { InternalConnectionLike, InternalConnectionLikeSymbol, WorkflowFailedError as TemporalWorkflowFailedError, WorkflowHandle, WorkflowHandleWithStartDetails } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { AnalysisRunInput, AnalysisSummary } from '../activities/analysis-activities';
import { DependencyUnavailableError, WorkflowFailedError } from '../domain/errors';
import { taskQueues } from '../domain/task-queues';
import type { AuthContext } from '../domain/tenancy';
import { workflowIds } from '../domain/workflow-ids';
import type { analysisWorkflow } from '../workflows/analysis-workflow';
import type { AppDeps } from './app-deps';
import { isTemporalUnavailable, withinDeadline } from './temporal-calls';
import { awaitReportedOutcome, type SyncRunWaiter } from '../infra/sync-run-board';

/** Starting and awaiting analysis workflows for the analyses routes. */
/** A start that cannot reach Temporal in this time answers 502 instead of hanging. */
const START_DEADLINE_MS = 2_500;
/** A sync caller waits at most this long; then the analysis is cancelled (and cleaned up). */
const SYNC_RESULT_DEADLINE_MS = 30_000;

const searchAttributeKeys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  entity: defineSearchAttributeKey('EntityId', SearchAttributeType.INT),
  analysis: defineSearchAttributeKey('AnalysisUuid', SearchAttributeType.KEYWORD),
};

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function runInput(deps: AppDeps, auth: AuthContext, fields: Pick<AnalysisRunInput, 'entityId' | 'mode' | 'source' | 'clientReference' | 'webhookEndpointUuid'>): AnalysisRunInput {
  const uuid = randomUUID();
  return {
    ...fields,
    uuid,
    entryUuid: randomUUID(),
    companyId: auth.companyId,
    companyUuid: auth.companyUuid,
    asOf: utcDay(new Date()),
    workflowId: workflowIds.analysis(uuid),
    maxDepth: deps.config.GRAPH_MAX_DEPTH,
    maxNodes: deps.config.GRAPH_MAX_NODES,
    uboThresholdPercent: deps.config.UBO_THRESHOLD_PERCENT,
  };
}

/**
 * Eager workflow start: when this process also runs a worker on the analyses queue over the same
 * NativeConnection, the server hands the first workflow task back in the start response, saving
 * the matching round trip. With a plain client connection it cannot be requested (the SDK throws).
 */
function supportsEagerStart(deps: AppDeps): boolean {
  return Boolean((deps.temporal.connection as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart);
}

export async function startAnalysisWorkflow(deps: AppDeps, input: AnalysisRunInput): Promise<WorkflowHandleWithStartDetails<typeof analysisWorkflow>> {
  try {
    return await withinDeadline(deps, START_DEADLINE_MS, () =>
      deps.temporal.workflow.start<typeof analysisWorkflow>('analysisWorkflow', {
        taskQueue: taskQueues.analyses,
        workflowId: input.workflowId,
        requestEagerStart: input.mode === 'sync' && supportsEagerStart(deps),
        args: [input],
        typedSearchAttributes: [
          { key: searchAttributeKeys.company, value: input.companyUuid },
          { key: searchAttributeKeys.entity, value: input.entityId },
          { key: searchAttributeKeys.analysis, value: input.uuid },
        ],
        memo: { mode: input.mode, entity_id: input.entityId, as_of: input.asOf, source: input.source, company_uuid: input.companyUuid },
      }),
    );
  } catch (error) {
    if (error instanceof DependencyUnavailableError || isTemporalUnavailable(error)) throw new DependencyUnavailableError('temporal');
    throw error;
  }
}

/**
 * How long a sync run started eagerly in this process may go without reporting on the board
 * before the workflow result is awaited as well (its task may have failed over to another worker).
 */
const BOARD_GRACE_MS = 2_000;

export async function runSyncAnalysis(deps: AppDeps, input: AnalysisRunInput): Promise<AnalysisSummary> {
  // Registered before the start: the embedded worker may report before start() even returns.
  const waiter = deps.syncRuns?.expect(input.uuid);
  try {
    const handle = await startAnalysisWorkflow(deps, input);
    try {
      return await withinDeadline(deps, SYNC_RESULT_DEADLINE_MS, () => awaitSyncOutcome(handle, handle.eagerlyStarted ? waiter : undefined));
    } catch (error) {
      if (error instanceof WorkflowFailedError) throw error;
      if (error instanceof TemporalWorkflowFailedError) throw new WorkflowFailedError('analysis processing failed');
      // Out of time or Temporal gone mid-run: cancel, so the workflow cleans up whenever it runs.
      await withinDeadline(deps, 2_000, () => handle.cancel()).catch(() => undefined);
      throw new DependencyUnavailableError('temporal');
    }
  } finally {
    waiter?.dispose();
  }
}

/**
 * The outcome of a sync run: from the board when its task runs in this process (eager start to
 * the embedded worker), else — or when the board stays silent past the grace period — from the
 * workflow result.
 */
async function awaitSyncOutcome(handle: WorkflowHandle<typeof analysisWorkflow>, waiter: SyncRunWaiter<AnalysisSummary> | undefined): Promise<AnalysisSummary> {
  if (!waiter) return handle.result();
  return awaitReportedOutcome(waiter, () => handle.result(), { graceMs: BOARD_GRACE_MS, failed: () => new WorkflowFailedError('analysis processing failed') });
}
