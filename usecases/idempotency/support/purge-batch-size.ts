/** Rows per DELETE statement of the purge of expired Idempotency-Keys (purge-expired-idempotency-keys.ts, `ops housekeeping`): the default and the most. */
export const DEFAULT_PURGE_BATCH_SIZE = 5000;
export const MAX_PURGE_BATCH_SIZE = 50_000;
