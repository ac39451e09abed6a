import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../usecase-deps';

export type RiskIncrease = { analysisUuid: string; alertUuid: string; reason: string };

/**
 * THE call point of "a risk increase opens a case" (docs/monitoring.md, "Alerts"; docs/people-and-cases.md).
 * The monitor workflow calls it (activity `openCaseForRiskIncrease`) once per alert whose kind is
 * `risk_increased` (decided by domain/monitoring/verdict-change.ts `riskIncreased`), after the
 * alert is committed and announced; a retry calls it again with the same alert, so what it calls
 * must be idempotent per alert.
 *
 * TODO(cases): cases are built on their own branch. Wire it here, and only here:
 *   `return openCase(deps, actor, { analysisUuid: input.analysisUuid, alertUuid: input.alertUuid, reason: input.reason })`
 * (usecases/cases/), keyed so that one alert opens at most one case. Until then it opens nothing
 * and says so in the worker log.
 */
export async function onRiskIncreased(deps: Pick<UsecaseDeps, 'db' | 'logger'>, actor: SystemActor, input: RiskIncrease): Promise<{ caseOpened: boolean }> {
  deps.logger.info({ alert_uuid: input.alertUuid, analysis_uuid: input.analysisUuid, actor: actor.type }, 'monitoring: risk increased; opening a case is not wired yet (usecases/monitoring/on-risk-increased.ts)');
  return { caseOpened: false };
}
