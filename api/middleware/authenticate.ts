import type { Knex } from 'knex';
import { UnauthenticatedError } from '../../domain/errors';
import { AuthContext, isWellFormedApiKey } from '../../domain/tenancy';
import { findActiveApiKey, touchApiKey } from '../../db/repositories/tenancy-repository';

/**
 * Missing, malformed, unknown, expired and revoked keys all end in the same 401 body, so the
 * answer tells an attacker nothing about which keys exist.
 */
export async function authenticateRequest(db: Knex, header: string | undefined): Promise<AuthContext> {
  const apiKey = (header ?? '').trim();
  if (!apiKey || !isWellFormedApiKey(apiKey)) throw new UnauthenticatedError();
  const auth = await findActiveApiKey(db, apiKey, new Date());
  if (!auth) throw new UnauthenticatedError();
  touchApiKey(db, auth.keyId).catch(() => undefined); // best effort bookkeeping, never blocks a request
  return auth;
}
