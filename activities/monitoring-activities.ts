import { heartbeat } from '@temporalio/activity';
import type { FanOutBatchInput, FanOutBatchResult } from '../contracts/monitoring-fanout-workflow-contract';
import type { RescheduleBatchInput, RescheduleBatchResult } from '../contracts/monitor-review-reschedule-workflow-contract';
import type { MonitorCheckInput, MonitorCheckOutcome } from '../contracts/monitor-workflow-contract';
import { SYSTEM_ACTOR } from '../domain/actor';
import { fanOutChangeBatch } from '../usecases/monitoring/fan-out-change';
import { rescheduleReviewBatch } from '../usecases/monitoring/reschedule-review-batch';
import { onRiskIncreased, type RiskIncrease } from '../usecases/monitoring/on-risk-increased';
import { runMonitorCheck } from '../usecases/monitoring/run-monitor-check';
import type { ActivityDeps } from './activity-deps';
import { asAnalysisActivity } from './analysis-failure';

/** Monitoring (docs/monitoring.md): a monitor's check, the hook of a risk increase, one batch of a fan-out. */
export function createMonitoringActivities(deps: ActivityDeps) {
  return {
    /** One check: the analysis (mode `monitoring`), the comparison, the alert; idempotent per analysis uuid. */
    checkMonitor: (input: MonitorCheckInput): Promise<MonitorCheckOutcome> =>
      asAnalysisActivity(() => runMonitorCheck(deps, SYSTEM_ACTOR, input)),
    /** usecases/monitoring/on-risk-increased.ts: where a case will be opened. */
    openCaseForRiskIncrease: (input: RiskIncrease): Promise<{ caseOpened: boolean }> => onRiskIncreased(deps, SYSTEM_ACTOR, input),
    /** One batch; a heartbeat per group of signals shows a lost worker within the heartbeat timeout. */
    fanOutChangeBatch: (input: FanOutBatchInput): Promise<FanOutBatchResult> =>
      fanOutChangeBatch({ ...deps, heartbeat: () => heartbeat() }, SYSTEM_ACTOR, input),
    /** One page of a review reschedule (a company's new review months); heartbeats like a fan-out batch. */
    rescheduleReviewBatch: (input: RescheduleBatchInput): Promise<RescheduleBatchResult> =>
      rescheduleReviewBatch({ ...deps, heartbeat: () => heartbeat() }, SYSTEM_ACTOR, input),
  };
}
