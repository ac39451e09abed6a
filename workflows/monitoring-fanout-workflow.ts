import { continueAsNew, proxyActivities } from '@temporalio/workflow';
import type { createMonitoringActivities } from '../activities/monitoring-activities';
import {
  FAN_OUT_BATCH_SIZE,
  FAN_OUT_BATCHES_PER_RUN,
  type MonitoringFanOutInput,
  type MonitoringFanOutResult,
} from '../contracts/monitoring-fanout-workflow-contract';
import { pageThrough } from './paged-batches';

type MonitoringActivities = ReturnType<typeof createMonitoringActivities>;

/**
 * A batch is one indexed query and up to FAN_OUT_BATCH_SIZE signals (16 at a time): a regular
 * activity, retried. It heartbeats after each group of signals, so a worker killed mid-batch is
 * noticed within 30 s and the batch runs again (the monitors ignore the repeated change key).
 */
const { fanOutChangeBatch } = proxyActivities<MonitoringActivities>({
  startToCloseTimeout: '5 minutes',
  heartbeatTimeout: '30 seconds',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * One import's fan-out (docs/monitoring.md, "Change detection"): the live monitors whose network
 * holds a changed entity, in id order, batch by batch, each signalled `reanalyse`; the
 * re-analyses run in the monitors' own workflows at bulk priority. A retried batch re-signals the
 * same monitors with the same change key, which they ignore. Continues as new every
 * FAN_OUT_BATCHES_PER_RUN batches, so a change that touches millions of monitors keeps a bounded history.
 */
export async function monitoringFanOutWorkflow(input: MonitoringFanOutInput): Promise<MonitoringFanOutResult> {
  const limit = input.batchSize ?? FAN_OUT_BATCH_SIZE;
  const page = await pageThrough(
    { after: input.afterMonitorId ?? 0, total: input.signaled ?? 0 },
    FAN_OUT_BATCHES_PER_RUN,
    async (after) => {
      const result = await fanOutChangeBatch({ source: input.source, version: input.version, afterMonitorId: after, limit });
      return { handled: result.signaled, lastId: result.lastMonitorId };
    },
  );
  if (page.done) return { signaled: page.total };
  return continueAsNew<typeof monitoringFanOutWorkflow>({ ...input, afterMonitorId: page.after, signaled: page.total });
}
