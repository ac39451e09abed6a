import type { Knex } from 'knex';
import { UnauthenticatedError } from '../../domain/errors';
import { AuthContext, isWellFormedApiKey, shouldRecordKeyUse } from '../../domain/tenancy';
import { findActiveApiKey, touchApiKey } from '../../db/repositories/tenancy-repository';

/**
 * Missing, malformed, unknown, expired and revoked keys all end in the same 401 body, so the
 * answer tells an attacker nothing about which keys exist.
 */
export async function authenticateRequest(db: Knex, header: string | undefined): Promise<AuthContext> {
  const apiKey = (header ?? '').trim();
  if (!apiKey || !isWellFormedApiKey(apiKey)) throw new UnauthenticatedError();
  const now = new Date();
  const auth = await findActiveApiKey(db, apiKey, now);
  if (!auth) throw new UnauthenticatedError();
  // Best-effort bookkeeping that never blocks a request, and only when the recorded use is stale:
  // an UPDATE on every request would be a round trip per call even when it changes nothing.
  if (shouldRecordKeyUse(auth.lastUsedAt, now)) touchApiKey(db, auth.keyId).catch(() => undefined);
  return auth;
}
