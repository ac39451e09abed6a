import { analysisHasCase, type CaseRow, findOpenCaseOfAnalysis } from '../../db/repositories/cases/case-repository';
import { companyIdActedOn, type SystemActor } from '../../domain/actor';
import { automaticCaseReasonOf, type ReviewFlags } from '../../domain/cases/case-policy';
import type { UsecaseDeps } from '../support/usecase-deps';
import { type AutomaticOpeningInput, recordNewCase, startCaseWorkflow, subjectOf } from './support/record-new-case';

/**
 * The service's own opening, after an analysis completed: a case when its verdict requires review
 * or escalation, once per analysis (a retried activity finds the first and makes sure its
 * workflow runs). Answers the case, or null when the verdict needs none.
 */
export async function openReviewCase(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: AutomaticOpeningInput & { review: ReviewFlags },
): Promise<CaseRow | null> {
  const reason = automaticCaseReasonOf(input.review);
  if (!reason) return null;
  const companyId = companyIdActedOn(actor, input.companyId);
  if (await analysisHasCase(deps.db, companyId, input.analysisUuid)) {
    const open = await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid);
    if (open) await startCaseWorkflow(deps, open, input.companyUuid);
    return open ?? null;
  }
  const opening = {
    companyId,
    companyUuid: input.companyUuid,
    analysisUuid: input.analysisUuid,
    riskLevel: input.riskLevel,
    subject: subjectOf(input.subject),
    reason,
  };
  return (await recordNewCase(deps, actor, opening)) ?? (await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid)) ?? null;
}
