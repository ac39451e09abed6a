import { updateAnalysisBatchStatus } from '../../db/repositories/analysis-batches/analysis-batch-repository';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { batchForWork } from './support/batch-for-work';

/** The quota is spent: the batch pauses with that reason until a resume. */
export async function pauseAnalysisBatchForQuota(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { batchUuid: string },
): Promise<void> {
  const batch = await batchForWork(deps, input.batchUuid);
  await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'paused', pauseReason: 'quota_exceeded', from: ['queued', 'running'] });
}
