import { findAnalysisForReplay } from '../../db/repositories/analyses/analysis-replay-repository';
import { type Actor, companyIdActedOn } from '../../domain/actor';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type AnalysisVerification, type VerifyDeps, verifyReplayRow } from './support/verify-replay-row';

/**
 * POST /analyses/{uuid}/verify and `ops analyses verify --uuid`: the stored snapshot re-scored and
 * compared with the stored verdict (domain/scoring/replay-verdict.ts). Only a completed analysis has
 * a verdict to verify (409 otherwise). An operator names the analysis's company (`companyId`).
 */
export async function verifyAnalysis(
  deps: VerifyDeps,
  actor: Actor,
  input: { uuid: string; companyId?: number },
): Promise<AnalysisVerification> {
  const row = await findAnalysisForReplay(deps.db, companyIdActedOn(actor, input.companyId), input.uuid);
  if (!row) throw new NotFoundError('analysis');
  if (row.status !== 'completed') throw new ConflictError(`analysis is ${row.status}; only a completed analysis has a verdict to verify`);
  return verifyReplayRow(deps, row);
}
