import { type CaseRow, findCaseOfAlert, findOpenCaseOfAnalysis } from '../../db/repositories/cases/case-repository';
import { companyIdActedOn, type SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { type AutomaticOpeningInput, recordNewCase, startCaseWorkflow, subjectOf } from './support/record-new-case';

/**
 * The service's opening for a monitoring alert whose risk increased (docs/monitoring.md): a case on
 * the alert's re-analysis, naming the alert, once per alert (a retried step finds it). When the
 * analysis already has a case in progress, that case is the one answered.
 */
export async function openAlertCase(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: AutomaticOpeningInput & { alertUuid: string },
): Promise<CaseRow | null> {
  const companyId = companyIdActedOn(actor, input.companyId);
  const existing =
    (await findCaseOfAlert(deps.db, companyId, input.alertUuid)) ?? (await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid));
  if (existing) {
    if (existing.status !== 'closed') await startCaseWorkflow(deps, existing, input.companyUuid);
    return existing;
  }
  const opening = {
    companyId,
    companyUuid: input.companyUuid,
    analysisUuid: input.analysisUuid,
    alertUuid: input.alertUuid,
    riskLevel: input.riskLevel,
    subject: subjectOf(input.subject),
    reason: 'risk_increased',
  };
  return (await recordNewCase(deps, actor, opening)) ?? (await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid)) ?? null;
}
