import type { BatchRowGroup, ClaimBatchPageInput, ClaimBatchPageResult } from '../../contracts/analysis-batch-workflow-contract';
import { claimPendingBatchRows } from '../../db/repositories/analysis-batches/analysis-batch-repository';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { batchForWork } from './support/batch-for-work';

/** The next page of pending rows after a position, grouped by subject in file order. */
export async function claimAnalysisBatchPage(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: ClaimBatchPageInput,
): Promise<ClaimBatchPageResult> {
  const batch = await batchForWork(deps, input.batchUuid);
  const rows = await claimPendingBatchRows(deps.db, batch.id, input.afterRow, input.limit);
  const groups = new Map<string, BatchRowGroup>();
  for (const r of rows) {
    const group = groups.get(r.subject_key) ?? { subjectKey: r.subject_key, rows: [] };
    group.rows.push({ rowNumber: r.row_number, document: r.document, entityId: r.entity_id, clientReference: r.client_reference });
    groups.set(r.subject_key, group);
  }
  return { groups: [...groups.values()], lastRow: rows.length < input.limit ? null : rows[rows.length - 1].row_number };
}
