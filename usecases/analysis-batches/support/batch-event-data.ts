import type { AnalysisBatchRow } from '../../../db/repositories/analysis-batches/analysis-batch-repository';
import { countsOf } from '../../../domain/analysis-batches/batch-counts';

/** The body of `analysis_batch.completed`: the batch's counts and risk levels (docs/batches.md). */
export function batchEventData(batch: AnalysisBatchRow): Record<string, unknown> {
  return {
    analysis_batch_uuid: batch.uuid,
    name: batch.name,
    status: batch.status,
    counts: countsOf(batch),
    risk_levels: { low: batch.risk_low, medium: batch.risk_medium, high: batch.risk_high, critical: batch.risk_critical },
  };
}
