import type { UsecaseDeps } from '../support/usecase-deps';
import { hashApiKey } from '../../domain/api-key-secret';
import { findActiveApiKeyCountingUse, touchApiKey } from '../../db/repositories/tenancy/api-key-repository';
import type { RateWindowCount } from '../../domain/plan-limits';
import { requestRateWindow } from './support/admit-rate';
import { UnauthenticatedError } from '../../domain/errors';
import { isRole, scopesOfPersonalKey } from '../../domain/roles';
import { type AuthContext, isWellFormedApiKey, shouldRecordKeyUse } from '../../domain/tenancy';
import type { SystemActor } from '../../domain/actor';

/**
 * Who is calling: missing, malformed, unknown, expired and revoked keys all end in the same
 * 401, so the answer tells an attacker nothing about which keys exist. The request is counted
 * against the key's rate in the same statement as the lookup (`use`, for admitCountedKeyRequest):
 * every keyed request pays one round trip for both. The key's last use is recorded best-effort
 * and only when stale: an UPDATE on every request would be a round trip per call even when it
 * changes nothing. A personal key of a deactivated person is as unknown as any other. Its actor is
 * the service (SYSTEM_ACTOR): no member acts yet, this is what establishes one (api/edge/key-admission.ts).
 */
export async function authenticateKey(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { presented: string | undefined },
): Promise<{ auth: AuthContext; use: RateWindowCount }> {
  const { db } = deps;
  const apiKey = (input.presented ?? '').trim();
  if (!apiKey || !isWellFormedApiKey(apiKey)) throw new UnauthenticatedError();
  const now = new Date();
  const found = await findActiveApiKeyCountingUse(db, hashApiKey(apiKey), now, requestRateWindow);
  if (!found) throw new UnauthenticatedError();
  if (shouldRecordKeyUse(found.auth.lastUsedAt, now)) touchApiKey(db, found.auth.keyId).catch(() => undefined);
  // A personal key acts as its person: never more than the person's roles allow (domain/roles.ts).
  const { person } = found.auth;
  return person
    ? { ...found, auth: { ...found.auth, scopes: scopesOfPersonalKey(found.auth.scopes, person.roles.filter(isRole)) } }
    : found;
}
