import { analysisBatchUpdates, analysisBatchWorkflowContract } from '../../contracts/analysis-batch-workflow-contract';
import {
  type BatchStatus,
  cancelPendingBatchRows,
  lockAnalysisBatch,
  updateAnalysisBatchStatus,
} from '../../db/repositories/analysis-batches/analysis-batch-repository';
import type { Actor } from '../../domain/actor';
import { companyIdActedOn } from '../../domain/actor';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { executeWorkflowUpdate, WorkflowNotRunningError } from '../../infra/update-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

export type AnalysisBatchStatusChange = 'pause' | 'resume' | 'cancel';

const transitions: Record<AnalysisBatchStatusChange, { from: BatchStatus[]; to: BatchStatus; action: string; update: string }> = {
  pause: { from: ['queued', 'running'], to: 'paused', action: 'analysis_batch.paused', update: analysisBatchUpdates.pause },
  resume: { from: ['paused'], to: 'running', action: 'analysis_batch.resumed', update: analysisBatchUpdates.resume },
  cancel: { from: ['queued', 'running', 'paused'], to: 'canceled', action: 'analysis_batch.canceled', update: analysisBatchUpdates.cancel },
};

/** How long a client waits for the run to take the update (it only flips the run's state). */
const UPDATE_DEADLINE_MS = 10_000;

/**
 * POST /analysis-batches/{uuid}/pause, /resume, /cancel and `ops batches cancel` (docs/batches.md):
 * in one transaction, lock the company's batch (another company's is 404), change its status
 * (a cancel also cancels the pending rows no run holds: rows in flight finish), send the update
 * to its workflow (Temporal unreachable: 502, nothing changed) and record the audit event last.
 * A change that already holds answers unchanged; one that does not fit the status (resume a
 * completed batch) is 409. A resume clears `pause_reason` whatever it was: after a quota pause,
 * the run tries the next row and pauses again if the quota is still spent.
 */
export async function changeAnalysisBatchStatus(
  deps: Pick<UsecaseDeps, 'db' | 'temporal' | 'clock' | 'requestId'>,
  actor: Actor,
  input: { uuid: string; change: AnalysisBatchStatusChange; companyId?: number },
): Promise<{ changed: boolean }> {
  const t = transitions[input.change];
  const companyId = companyIdActedOn(actor, input.companyId);
  return deps.db.transaction(async (trx) => {
    const batch = await lockAnalysisBatch(trx, companyId, input.uuid);
    if (!batch) throw new NotFoundError('analysis batch');
    if (batch.status === t.to) return { changed: false };
    if (!t.from.includes(batch.status)) throw new ConflictError(`a ${batch.status} batch cannot ${input.change}`);
    await updateAnalysisBatchStatus(trx, batch.id, { status: t.to, pauseReason: 'requested' });
    const canceledRows = input.change === 'cancel' ? await cancelPendingBatchRows(trx, batch.id, { unclaimedOnly: true }) : 0;
    try {
      // Only the workflow id is built from the input.
      await executeWorkflowUpdate(
        deps.temporal,
        analysisBatchWorkflowContract,
        { batchUuid: batch.uuid, companyUuid: '', concurrency: 0 },
        t.update,
        {},
        UPDATE_DEADLINE_MS,
      );
    } catch (error) {
      // The run ended between the read and the update (it completed the last row): nothing to change.
      if (error instanceof WorkflowNotRunningError) throw new ConflictError(`the batch's run has ended; it cannot ${input.change}`);
      throw error;
    }
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId,
      action: t.action,
      resource: { type: 'analysis_batch', uuid: batch.uuid },
      changes: { status: t.to, previous_status: batch.status, ...(input.change === 'cancel' ? { canceled_rows: canceledRows } : {}) },
    });
    return { changed: true };
  });
}
