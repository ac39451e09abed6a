import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { createMonitoringActivities } from '../activities/monitoring-activities';
import {
  type MonitorReviewRescheduleInput,
  type MonitorReviewRescheduleResult,
  RESCHEDULE_BATCH_SIZE,
  RESCHEDULE_BATCHES_PER_RUN,
} from '../contracts/monitor-review-reschedule-workflow-contract';
import { pageThrough } from './paged-batches';

type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;

/** A batch is one page of monitors, one UPDATE and its signals (16 at a time), heartbeating: a lost worker's batch runs again. */
const { rescheduleReviewBatch } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * A company's new review months applied to its sleeping monitors (docs/monitoring.md,
 * "Schedules"): page by page in id order, each monitor's next review recomputed from its last
 * check and its workflow signalled `reschedule`. A retried batch computes and signals the same
 * dates. Continues as new every RESCHEDULE_BATCHES_PER_RUN batches: the history stays bounded.
 */
export async function monitorReviewRescheduleWorkflow(input: MonitorReviewRescheduleInput): Promise<MonitorReviewRescheduleResult> {
  const limit = input.batchSize ?? RESCHEDULE_BATCH_SIZE;
  const page = await pageThrough(
    { after: input.afterMonitorId ?? 0, total: input.rescheduled ?? 0 },
    RESCHEDULE_BATCHES_PER_RUN,
    async (after) => {
      const result = await rescheduleReviewBatch({ companyUuid: input.companyUuid, afterMonitorId: after, limit });
      return { handled: result.rescheduled, lastId: result.lastMonitorId };
    },
  );
  if (page.done) return { rescheduled: page.total };
  return continueAsNew<typeof monitorReviewRescheduleWorkflow>({ ...input, afterMonitorId: page.after, rescheduled: page.total });
}
