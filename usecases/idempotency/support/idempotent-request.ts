import type { Executor } from '../../../db/create-db';
import { findIdempotencyKey, type IdempotencyKeyRef } from '../../../db/repositories/tenancy/idempotency-repository';
import { ValidationError } from '../../../domain/errors';
import { fingerprint } from '../../../domain/fingerprint';

/** The header that makes a create safe to retry for 24 hours (async analyses, screenings, reports). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const loc = [IDEMPOTENCY_HEADER];

export type IdempotentRequest = { keyRef: IdempotencyKeyRef | undefined; requestHash: string };
export type Replay = { status: number; body: unknown };

/** The key (if any) and the fingerprint of the normalized request body. */
export function idempotentRequest(
  companyId: number,
  operation: string,
  key: string | undefined,
  normalizedBody: unknown,
): IdempotentRequest {
  return { keyRef: key ? { companyId, operation, key } : undefined, requestHash: fingerprint(normalizedBody) };
}

/** The stored response of an earlier request with this key; 422 when the key came with another body. */
export async function findReplay(db: Executor, request: IdempotentRequest): Promise<Replay | undefined> {
  const stored = request.keyRef && (await findIdempotencyKey(db, request.keyRef));
  if (!stored) return undefined;
  if (stored.requestHash !== request.requestHash)
    throw ValidationError.single(loc, 'this Idempotency-Key was used with a different request body', 'idempotency_key_reused');
  return { status: stored.status, body: stored.body };
}
