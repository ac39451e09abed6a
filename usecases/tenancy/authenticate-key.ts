import type { UsecaseDeps } from '../usecase-deps';
import { hashApiKey } from '../../domain/api-key-secret';
import { findActiveApiKey, touchApiKey } from '../../db/repositories/tenancy/api-key-repository';
import { UnauthenticatedError } from '../../domain/errors';
import { type AuthContext, isWellFormedApiKey, shouldRecordKeyUse } from '../../domain/tenancy';

/**
 * Who is calling: missing, malformed, unknown, expired and revoked keys all end in the same
 * 401, so the answer tells an attacker nothing about which keys exist. The key's last use is
 * recorded best-effort and only when stale: an UPDATE on every request would be a round trip
 * per call even when it changes nothing. It takes no actor: it is what establishes one
 * (api/key-admission.ts).
 */
export async function authenticateKey(deps: Pick<UsecaseDeps, 'db'>, presented: string | undefined): Promise<AuthContext> {
  const { db } = deps;
  const apiKey = (presented ?? '').trim();
  if (!apiKey || !isWellFormedApiKey(apiKey)) throw new UnauthenticatedError();
  const now = new Date();
  const auth = await findActiveApiKey(db, hashApiKey(apiKey), now);
  if (!auth) throw new UnauthenticatedError();
  if (shouldRecordKeyUse(auth.lastUsedAt, now)) touchApiKey(db, auth.keyId).catch(() => undefined);
  return auth;
}
