import { findAnalysisForCase } from '../../db/repositories/analyses/analysis-read-repository';
import { type CaseRow, findOpenCaseOfAnalysis } from '../../db/repositories/cases/case-repository';
import type { MemberActor } from '../../domain/actor';
import type { RiskLevel } from '../../domain/analysis/verdict';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { UsecaseDeps } from '../support/usecase-deps';
import { recordNewCase, subjectOf } from './support/record-new-case';

/**
 * POST /cases: a case opened by hand on a completed analysis of the caller's company, for the
 * reason given (docs/people-and-cases.md, "Cases"). Another company's or an unknown analysis is
 * 404; one not completed, or with a case that is not closed, 409 naming it.
 */
export async function openCase(deps: UsecaseDeps, actor: MemberActor, input: { analysisUuid: string; reason: string }): Promise<CaseRow> {
  const analysisUuid = input.analysisUuid.toLowerCase();
  const analysis = await findAnalysisForCase(deps.db, actor.company.id, analysisUuid);
  if (!analysis) throw new NotFoundError('analysis');
  if (analysis.status !== 'completed' || !analysis.subject || !analysis.risk_level)
    throw new ConflictError(`analysis ${analysisUuid} is ${analysis.status}: a case is opened on a completed analysis`);
  const opening = {
    companyId: actor.company.id,
    companyUuid: actor.company.uuid,
    analysisUuid,
    riskLevel: analysis.risk_level as RiskLevel,
    subject: subjectOf(analysis.subject),
    reason: input.reason,
  };
  const created = await recordNewCase(deps, actor, opening);
  if (created) return created;
  const open = await findOpenCaseOfAnalysis(deps.db, actor.company.id, analysisUuid);
  throw new ConflictError(
    open ? `analysis ${analysisUuid} already has case ${open.uuid} in progress` : `analysis ${analysisUuid} already has a case in progress`,
  );
}
