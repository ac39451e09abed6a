import { taskQueues } from './task-queues';
import { defineServiceWorkflowContract } from './workflow-contract';

/** One import's change (docs/monitoring.md, "Change detection"): the entities it changed are in entity_changes under (source, version). */
export type MonitoringFanOutInput = { source: string; version: string; batchSize?: number; afterMonitorId?: number; signaled?: number };
export type MonitoringFanOutResult = { signaled: number };

/** One batch of the fan-out: the affected live monitors after a position, each signalled. */
export type FanOutBatchInput = { source: string; version: string; afterMonitorId: number; limit: number };
export type FanOutBatchResult = { signaled: number; lastMonitorId: number | null };

/** Monitors signalled per activity, and batches per run before continue-as-new. */
export const FAN_OUT_BATCH_SIZE = 500;
export const FAN_OUT_BATCHES_PER_RUN = 100;

/**
 * The fan-out of one import's changes to the monitors whose network holds a changed entity. It
 * works for every company at once (the service's own work, like housekeeping: no CompanyUuid);
 * each monitor's re-analysis then runs in that monitor's own workflow, at bulk priority with its
 * company as the fairness key (contracts/monitor-workflow-contract.ts).
 */
export const monitoringFanOutWorkflowContract = defineServiceWorkflowContract<MonitoringFanOutInput, MonitoringFanOutResult>({
  kind: 'change_fanout',
  workflowType: 'monitoringFanOutWorkflow',
  taskQueue: taskQueues.analyses,
  priority: 'normal',
  // One fan-out per change, ever: an import re-run or a retried start joins the first.
  workflowId: (input) => `monitoring-fanout-${input.source}-${input.version}`,
  searchAttributes: () => [],
  failureTypes: {},
});
