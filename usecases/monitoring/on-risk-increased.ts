import { findAnalysisForServiceCase } from '../../db/repositories/analyses/analysis-read-repository';
import type { SystemActor } from '../../domain/actor';
import type { RiskLevel } from '../../domain/analysis/verdict';
import { openAlertCase } from '../cases/open-alert-case';
import type { UsecaseDeps } from '../support/usecase-deps';

export type RiskIncrease = { analysisUuid: string; alertUuid: string; reason: string };

/**
 * "A risk increase opens a case" (docs/monitoring.md, "Alerts"; docs/people-and-cases.md, "Cases").
 * The monitor workflow calls it (activity `openCaseForRiskIncrease`) once per alert whose kind is
 * `risk_increased` (domain/monitoring/verdict-change.ts `riskIncreased`), after the alert is
 * committed and announced. A retry calls it again with the same alert: `openAlertCase` opens at
 * most one case per alert (and answers the analysis's case in progress when there is one).
 */
export async function onRiskIncreased(deps: UsecaseDeps, actor: SystemActor, input: RiskIncrease): Promise<{ caseOpened: boolean }> {
  const analysis = await findAnalysisForServiceCase(deps.db, input.analysisUuid);
  if (!analysis || analysis.status !== 'completed' || !analysis.subject || !analysis.risk_level) {
    deps.logger.warn(
      { alert_uuid: input.alertUuid, analysis_uuid: input.analysisUuid },
      'monitoring: risk increased on an analysis that is not completed; no case opened',
    );
    return { caseOpened: false };
  }
  const opened = await openAlertCase(deps, actor, {
    companyId: analysis.company_id,
    companyUuid: analysis.company_uuid,
    analysisUuid: input.analysisUuid,
    alertUuid: input.alertUuid,
    riskLevel: analysis.risk_level as RiskLevel,
    subject: analysis.subject,
  });
  return { caseOpened: opened !== null };
}
