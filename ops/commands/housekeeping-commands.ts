import { z } from 'zod';
import { purgeExpiredIdempotencyKeys } from '../../usecases/idempotency/purge-expired-idempotency-keys';
import { DEFAULT_PURGE_BATCH_SIZE, MAX_PURGE_BATCH_SIZE } from '../../usecases/idempotency/support/purge-batch-size';
import { defineCommand } from '../command';

/**
 * What the hourly Schedule does (docs/workflows.md, "The service's own workflows"), once, now:
 * the same use case, run in this process rather than through Temporal, so it works while the
 * worker is down.
 */
export const housekeepingPurgeIdempotencyKeys = defineCommand({
  name: ['housekeeping', 'purge-idempotency-keys'],
  summary: 'Delete every Idempotency-Key past its 24 hours, in bounded batches (the Schedule does it hourly)',
  flags: {
    'batch-size': {
      type: 'string',
      value: '<n>',
      help: `rows per DELETE statement, 1–${MAX_PURGE_BATCH_SIZE} (default ${DEFAULT_PURGE_BATCH_SIZE})`,
    },
  },
  examples: ['housekeeping purge-idempotency-keys --json'],
  options: z.object({ 'batch-size': z.coerce.number().int().min(1).max(MAX_PURGE_BATCH_SIZE).default(DEFAULT_PURGE_BATCH_SIZE) }),
  run: async ({ options, db, log, actor }) => {
    const result = await purgeExpiredIdempotencyKeys({ db: await db() }, actor, {
      batchSize: options['batch-size'],
      onBatch: ({ deleted, batches }) => log(`batch ${batches}: ${deleted} deleted so far`),
    });
    return { ...result, batch_size: options['batch-size'] };
  },
});
