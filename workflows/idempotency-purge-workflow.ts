import { proxyActivities } from '@temporalio/workflow';
import type { createHousekeepingActivities } from '../activities/housekeeping-activities';
import {
  type IdempotencyPurgeInput,
  type IdempotencyPurgeResult,
  idempotencyPurgeWorkflowContract,
} from '../contracts/idempotency-purge-workflow-contract';

const failures = idempotencyPurgeWorkflowContract.failureTypes;

/*
 * One regular activity that loops over bounded DELETEs and heartbeats after each: the history
 * stays a handful of events however large the backlog. A retry starts the loop again, which
 * is harmless (deleted rows stay deleted); a lost worker is noticed at the heartbeat timeout.
 */
const { purgeExpiredIdempotencyKeys } = proxyActivities<ReturnType<typeof createHousekeepingActivities>>({
  startToCloseTimeout: '10m',
  heartbeatTimeout: '1m',
  scheduleToCloseTimeout: '25m',
  retry: {
    initialInterval: '10s',
    backoffCoefficient: 2,
    maximumInterval: '2m',
    maximumAttempts: 3,
    nonRetryableErrorTypes: [failures.invalidInput],
  },
});

/** Deletes the expired Idempotency-Keys of every company (contracts/idempotency-purge-workflow-contract.ts). */
export async function purgeExpiredIdempotencyKeysWorkflow(input: IdempotencyPurgeInput): Promise<IdempotencyPurgeResult> {
  return purgeExpiredIdempotencyKeys(input);
}
