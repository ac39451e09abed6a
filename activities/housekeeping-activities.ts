import { ApplicationFailure, Context } from '@temporalio/activity';
import {
  type IdempotencyPurgeInput,
  type IdempotencyPurgeResult,
  idempotencyPurgeWorkflowContract,
} from '../contracts/idempotency-purge-workflow-contract';
import { ValidationError } from '../domain/errors';
import { SYSTEM_ACTOR } from '../domain/actor';
import { purgeExpiredIdempotencyKeys } from '../usecases/idempotency/purge-expired-idempotency-keys';
import type { ActivityDeps } from './activity-deps';

const failures = idempotencyPurgeWorkflowContract.failureTypes;

/** The service itself, on its Schedule: housekeeping runs for no customer and no operator. */

export function createHousekeepingActivities(deps: ActivityDeps) {
  return {
    /** usecases/idempotency/purge-expired-idempotency-keys.ts; a heartbeat per batch shows progress and a lost worker within the heartbeat timeout. */
    async purgeExpiredIdempotencyKeys(input: IdempotencyPurgeInput): Promise<IdempotencyPurgeResult> {
      const context = Context.current();
      try {
        return await purgeExpiredIdempotencyKeys(deps, SYSTEM_ACTOR, {
          batchSize: input.batchSize,
          onBatch: (progress) => context.heartbeat(progress),
        });
      } catch (error) {
        if (error instanceof ValidationError) throw ApplicationFailure.nonRetryable(error.message, failures.invalidInput);
        throw error;
      }
    },
  };
}
