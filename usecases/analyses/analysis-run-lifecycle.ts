import type { Knex } from 'knex';
import type { AnalysisMode } from '../../contracts/analysis-workflow-contract';
import { deleteAnalysis, markAnalysisFailed, markAnalysisStarted } from '../../db/repositories/analysis-repository';
import { AnalysisNotCreatedError } from './analysis-failures';

/**
 * An async run reads `running` from its first step on (a sync run is unreadable until it
 * answers). A run whose creating request rolled back finds no analysis: it ends, doing nothing.
 */
export async function startAnalysisRun(db: Knex, uuid: string): Promise<void> {
  if (!(await markAnalysisStarted(db, uuid))) throw new AnalysisNotCreatedError(uuid);
}

/**
 * The end of a run that failed: an async analysis stays readable as `failed` without any
 * verdict; a sync one is removed entirely (spec §7: nothing persisted, repeating is safe).
 */
export async function failAnalysisRun(db: Knex, input: { uuid: string; mode: AnalysisMode; code: string; message: string }): Promise<void> {
  if (input.mode === 'sync') await deleteAnalysis(db, input.uuid);
  else await markAnalysisFailed(db, input.uuid, { code: input.code, message: input.message.slice(0, 500) });
}
