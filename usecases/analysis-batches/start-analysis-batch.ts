import { findAnalysisBatchAfterCommit, updateAnalysisBatchStatus } from '../../db/repositories/analysis-batches/analysis-batch-repository';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';

/** The run's first step: once the creating transaction has ended, a queued batch reads `running`. */
export async function startAnalysisBatch(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { batchUuid: string },
): Promise<{ exists: boolean }> {
  const batch = await findAnalysisBatchAfterCommit(deps.db, input.batchUuid);
  if (!batch) return { exists: false };
  await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'running', from: ['queued'] });
  return { exists: true };
}
