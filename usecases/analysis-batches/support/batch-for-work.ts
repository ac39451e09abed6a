import { findAnalysisBatchForWork } from '../../../db/repositories/analysis-batches/analysis-batch-repository';
import { AnalysisDataError } from '../../analyses/support/analysis-run';
import type { UsecaseDeps } from '../../support/usecase-deps';

/** The batch a step of its run works on (docs/batches.md, "Lifecycle"): gone is a data error, never retried into existence. */
export async function batchForWork(deps: Pick<UsecaseDeps, 'db'>, uuid: string) {
  const batch = await findAnalysisBatchForWork(deps.db, uuid);
  if (!batch) throw new AnalysisDataError(`analysis batch ${uuid} does not exist`);
  return batch;
}
