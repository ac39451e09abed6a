import { type RescheduleBatchInput, type RescheduleBatchResult } from '../../contracts/monitor-review-reschedule-workflow-contract';
import { monitorSignals, type RescheduleSignal } from '../../contracts/monitor-workflow-contract';
import { findCompanyReviewMonths, findMonitorsToReschedule, setNextReviews } from '../../db/repositories/monitoring/monitor-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import type { SystemActor } from '../../domain/actor';
import { nextReviewAt } from '../../domain/monitoring/review-interval';
import { readReviewMonths } from '../../domain/monitoring/review-months-setting';
import { signalWorkflowsInGroups } from '../../infra/signal-workflow';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * One page of a reschedule: the company's next `limit` live, checked monitors after a position,
 * each one's next review recomputed from its last check under the months the company has now
 * (domain/monitoring/review-interval.ts: the same rule a check applies), written where the last
 * check is still that one, and its workflow signalled `reschedule` with the date. Idempotent: a
 * retried page computes and signals the same dates. A monitor whose run has ended is skipped.
 */
export async function rescheduleReviewBatch(
  deps: Pick<UsecaseDeps, 'db' | 'temporal' | 'heartbeat'>,
  actor: SystemActor,
  input: RescheduleBatchInput,
): Promise<RescheduleBatchResult> {
  const company = await findCompanyByUuid(deps.db, input.companyUuid);
  if (!company) return { rescheduled: 0, lastMonitorId: null };
  const months = readReviewMonths(await findCompanyReviewMonths(deps.db, Number(company.id)));
  const monitors = await findMonitorsToReschedule(deps.db, Number(company.id), input.afterMonitorId, input.limit);
  const reviews = monitors.map((m) => ({
    id: Number(m.id),
    workflowId: m.workflow_id,
    checkedAt: new Date(m.last_checked_at),
    nextReviewAt: nextReviewAt(new Date(m.last_checked_at), m.last_risk_level, months),
  }));
  const written = new Set(await setNextReviews(deps.db, reviews));
  const toSignal = reviews.filter((r) => written.has(r.id));
  const rescheduled = await signalWorkflowsInGroups(
    deps.temporal,
    toSignal,
    (r) => {
      const signal: RescheduleSignal = { nextReviewAtMs: r.nextReviewAt.getTime() };
      return { workflowId: r.workflowId, name: monitorSignals.reschedule, arg: signal };
    },
    deps.heartbeat ?? (() => {}),
  );
  return { rescheduled, lastMonitorId: monitors.length === input.limit ? Number(monitors[monitors.length - 1].id) : null };
}
