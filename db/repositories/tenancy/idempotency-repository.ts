import type { Executor } from '../../create-db';

/** An Idempotency-Key is remembered for 24 hours (after that the key may be reused freely). */
const IDEMPOTENCY_TTL_HOURS = 24;

export type IdempotencyKeyRef = { companyId: number; operation: string; key: string };
export type StoredResponse = { requestHash: string; status: number; body: unknown };

/**
 * Claims the key with the response it will produce. Returns true when this request owns the key
 * (new, or the previous use expired). A concurrent request with the same key waits on the row
 * lock until the owner commits, then sees the key taken: the two can never both run.
 */
export async function claimIdempotencyKey(db: Executor, ref: IdempotencyKeyRef, response: StoredResponse): Promise<boolean> {
  const result = await db.raw(
    `INSERT INTO idempotency_keys (company_id, operation, key, request_hash, response_status, response)
     VALUES (?, ?, ?, ?, ?, ?::jsonb)
     ON CONFLICT (company_id, operation, key) DO UPDATE
       SET request_hash = excluded.request_hash, response_status = excluded.response_status, response = excluded.response, created_at = now()
       WHERE idempotency_keys.created_at < now() - make_interval(hours => ?)
     RETURNING key`,
    [ref.companyId, ref.operation, ref.key, response.requestHash, response.status, JSON.stringify(response.body), IDEMPOTENCY_TTL_HOURS],
  );
  return result.rows.length === 1;
}

/** The remembered response of a key still within its 24 hours. */
export async function findIdempotencyKey(db: Executor, ref: IdempotencyKeyRef): Promise<StoredResponse | undefined> {
  const row = await db('idempotency_keys')
    .where({ company_id: ref.companyId, operation: ref.operation, key: ref.key })
    .andWhere('created_at', '>=', db.raw('now() - make_interval(hours => ?)', [IDEMPOTENCY_TTL_HOURS]))
    .first('request_hash', 'response_status', 'response');
  return row ? { requestHash: row.request_hash, status: row.response_status, body: row.response } : undefined;
}

/**
 * Housekeeping: deletes at most `limit` expired keys, oldest first, and says how many. The rows
 * are locked in the subquery, which re-checks expiry on a row's newest version: a key reclaimed
 * meanwhile (claimIdempotencyKey) is fresh again and stays; a row another statement holds is
 * skipped rather than waited for (the next batch or run takes it).
 */
export async function deleteExpiredIdempotencyKeys(db: Executor, limit: number): Promise<number> {
  const result = await db.raw(
    `DELETE FROM idempotency_keys
     WHERE (company_id, operation, key) IN (
       SELECT company_id, operation, key FROM idempotency_keys
       WHERE created_at < now() - make_interval(hours => ?)
       ORDER BY created_at
       LIMIT ?
       FOR UPDATE SKIP LOCKED)`,
    [IDEMPOTENCY_TTL_HOURS, limit],
  );
  return result.rowCount ?? 0;
}
