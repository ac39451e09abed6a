import { deleteExpiredIdempotencyKeys } from '../../db/repositories/tenancy/idempotency-repository';
import { ValidationError } from '../../domain/errors';
import { type Actor, recordedActorOf } from '../../domain/actor';
import type { Logger } from '../../infra/logger';
import type { UsecaseDeps } from '../support/usecase-deps';
import { DEFAULT_PURGE_BATCH_SIZE, MAX_PURGE_BATCH_SIZE } from './support/purge-batch-size';

/** The service's own housekeeping: the actor is the service (its Schedule) or an operator (the ops CLI). */
export type PurgeDeps = Pick<UsecaseDeps, 'db'> & { logger?: Pick<Logger, 'info'> };

export type PurgeRequest = {
  /** Rows per DELETE statement. */
  batchSize?: number;
  /** Called after every batch (the activity heartbeats here), with the totals so far. */
  onBatch?: (progress: { deleted: number; batches: number }) => void;
};

/**
 * Deletes every expired Idempotency-Key (older than its 24 hours), one bounded statement at a
 * time until a statement finds fewer than a batch: no statement holds many row locks or runs
 * long, whatever the backlog. Safe to repeat or to run twice at once (expired rows only; a row
 * the other run holds is skipped).
 */
export async function purgeExpiredIdempotencyKeys(
  deps: PurgeDeps,
  actor: Actor,
  input: PurgeRequest = {},
): Promise<{ deleted: number; batches: number }> {
  const batchSize = input.batchSize ?? DEFAULT_PURGE_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_PURGE_BATCH_SIZE)
    throw ValidationError.single(['batch_size'], `must be an integer from 1 to ${MAX_PURGE_BATCH_SIZE}`);
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const count = await deleteExpiredIdempotencyKeys(deps.db, batchSize);
    deleted += count;
    batches += 1;
    input.onBatch?.({ deleted, batches });
    if (count < batchSize) break;
  }
  deps.logger?.info({ actor: recordedActorOf(actor), deleted, batches }, 'expired idempotency keys purged');
  return { deleted, batches };
}
