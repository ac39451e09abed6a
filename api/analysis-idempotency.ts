import { findIdempotencyKey, IdempotencyKeyRef } from '../db/repositories/idempotency-repository';
import { ValidationError } from '../domain/errors';
import { fingerprint } from '../domain/fingerprint';
import type { AuthContext } from '../domain/tenancy';
import { idempotencyKeySchema } from './schemas/analysis-schemas';
import type { AppDeps } from './app-deps';

/** The Idempotency-Key of POST /api/analyses (spec §2.5): same key and body → same response. */
export const idempotencyHeader = 'Idempotency-Key';
const idempotencyLoc = ['header', idempotencyHeader];

type AsyncAnalysisBody = { entity_id: number; client_reference?: string | null; source?: string | null; webhook_endpoint_uuid?: string | null };

/** The key (if any) and the fingerprint of the normalized body: absent and null fields are the same request. */
export function idempotentRequest(ctx: { get: (name: string) => string }, auth: AuthContext, body: AsyncAnalysisBody) {
  const rawKey = ctx.get(idempotencyHeader);
  let keyRef: IdempotencyKeyRef | undefined;
  if (rawKey !== '') {
    const parsed = idempotencyKeySchema.safeParse(rawKey);
    if (!parsed.success) throw ValidationError.single(idempotencyLoc, parsed.error.issues[0].message, 'idempotency_key_invalid');
    keyRef = { companyId: auth.companyId, operation: 'createAnalysisAsync', key: parsed.data };
  }
  const request = {
    entity_id: body.entity_id,
    client_reference: body.client_reference ?? null,
    source: body.source ?? null,
    webhook_endpoint_uuid: body.webhook_endpoint_uuid ?? null,
  };
  return { keyRef, request, requestHash: fingerprint(request) };
}

/** The stored response of an earlier request with this key; 422 when the key came with another body. */
export async function findReplay(deps: AppDeps, keyRef: IdempotencyKeyRef | undefined, requestHash: string) {
  const stored = keyRef && (await findIdempotencyKey(deps.db, keyRef));
  if (!stored) return undefined;
  if (stored.requestHash !== requestHash) {
    throw ValidationError.single(idempotencyLoc, 'this Idempotency-Key was used with a different request body', 'idempotency_key_reused');
  }
  return { status: stored.status, body: stored.body, headers: { 'Idempotent-Replayed': 'true' } };
}
