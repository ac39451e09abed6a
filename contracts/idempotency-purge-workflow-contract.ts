import { taskQueues } from './task-queues';
import { defineServiceWorkflowContract } from './workflow-contract';

export type IdempotencyPurgeInput = {
  /** Rows per DELETE statement (default 5,000): each statement and its row locks stay short. */
  batchSize?: number;
  /**
   * When a run was started by hand (ISO 8601): it names the run. A scheduled run has none: the
   * Schedule starts it under the bare prefix and Temporal appends the scheduled time.
   */
  requestedAt?: string;
};
export type IdempotencyPurgeResult = { deleted: number; batches: number };

const idempotencyPurgeWorkflowIdPrefix = 'housekeeping-idempotency-purge';
/** The Temporal Schedule that starts the purge (created by the worker at start, worker/service-schedules.ts). */
export const idempotencyPurgeScheduleId = 'housekeeping-idempotency-purge';
/** A run that has not ended by then is ended, so a stuck run never holds the Schedule (overlap: skip) for long. */
export const idempotencyPurgeRunTimeout = '30m' as const;

/**
 * Deletes the Idempotency-Keys older than their 24 hours (db/repositories/idempotency-repository.ts):
 * the service's own work, for every company at once and for none in particular.
 */
export const idempotencyPurgeWorkflowContract = defineServiceWorkflowContract<
  IdempotencyPurgeInput,
  IdempotencyPurgeResult,
  'invalidInput'
>({
  kind: 'housekeeping',
  workflowType: 'purgeExpiredIdempotencyKeysWorkflow',
  // A few short statements an hour: the low-volume reports queue has the room, and a queue of
  // its own would cost every worker process one more worker (and one more bundle at start).
  taskQueue: taskQueues.reports,
  priority: 'normal',
  workflowId: (input) =>
    input.requestedAt ? `${idempotencyPurgeWorkflowIdPrefix}-${input.requestedAt}` : idempotencyPurgeWorkflowIdPrefix,
  // Operators find it by its type or its Schedule (TemporalScheduledById); nothing names a company.
  searchAttributes: () => [],
  failureTypes: { invalidInput: 'IdempotencyPurgeInputInvalid' },
});
