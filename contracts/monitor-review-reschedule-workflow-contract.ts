import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/**
 * A company changed its review months (ops `company update --review-months`): every live monitor
 * of it has its next periodic review planned again from its last check under the new months, and
 * its sleeping workflow is told (docs/monitoring.md, "Schedules"). `rescheduleUuid` names one such
 * request (its resource in GET /workflows).
 */
export type MonitorReviewRescheduleInput = {
  companyUuid: string;
  rescheduleUuid: string;
  batchSize?: number;
  afterMonitorId?: number;
  rescheduled?: number;
};
export type MonitorReviewRescheduleResult = { rescheduled: number };

/** One page: the activity `rescheduleReviewBatch`'s input and output. */
export type RescheduleBatchInput = { companyUuid: string; afterMonitorId: number; limit: number };
export type RescheduleBatchResult = { rescheduled: number; lastMonitorId: number | null };

/** Monitors rescheduled per activity, and batches per run before continue-as-new. */
export const RESCHEDULE_BATCH_SIZE = 500;
export const RESCHEDULE_BATCHES_PER_RUN = 100;

export const monitorReviewRescheduleWorkflowContract = defineWorkflowContract<MonitorReviewRescheduleInput, MonitorReviewRescheduleResult>({
  kind: 'monitor',
  workflowType: 'monitorReviewRescheduleWorkflow',
  taskQueue: taskQueues.analyses,
  // One run per change of the setting; a second change starts another (each batch reads the months then current).
  workflowId: (input) => `monitor-review-reschedule-${input.rescheduleUuid}`,
  // Thousands of signals: behind any interactive work (contracts/work-priority.ts).
  priority: 'bulk',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.rescheduleUuid },
  ],
  failureTypes: {},
});
