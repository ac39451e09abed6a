import { randomBytes } from 'node:crypto';
import { insertApiKey, markApiKeyRevoked } from '../../db/repositories/tenancy/api-key-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import type { OperatorActor, SystemActor } from '../../domain/actor';
import { API_KEY_PREFIX, displayPrefixOf, hashApiKey } from '../../domain/api-key-secret';
import { NotFoundError } from '../../domain/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../usecase-deps';

export type IssueApiKeyInput = { companyUuid: string; scopes: string[]; expiresAt?: Date | null; name?: string | null };
export type IssuedApiKey = { keyUuid: string; apiKey: string };

/**
 * A new key for a company: 32 random bytes, shown to the caller once and stored only as its hash
 * (domain/api-key-secret.ts). Operators issue keys (the ops CLI); the service issues the local
 * stack's demo key. A company member never issues one: a key is a credential, not a resource.
 */
export async function issueApiKey(deps: Pick<UsecaseDeps, 'db' | 'clock'>, actor: OperatorActor | SystemActor, input: IssueApiKeyInput): Promise<IssuedApiKey> {
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return deps.db.transaction(async (trx) => {
    const company = await findCompanyByUuid(trx, input.companyUuid);
    if (!company) throw new NotFoundError('company');
    const row = { companyId: company.id, name: input.name ?? null, keyHash: hashApiKey(apiKey), keyPrefix: displayPrefixOf(apiKey), scopes: input.scopes, expiresAt: input.expiresAt ?? null };
    const keyUuid = await insertApiKey(trx, row);
    // The audit event names the key by its uuid and display prefix, never the key or its hash.
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: company.id,
      action: 'key.created',
      resource: { type: 'key', uuid: keyUuid },
      changes: { name: row.name, scopes: row.scopes, expires_at: row.expiresAt, key_prefix: row.keyPrefix },
    });
    return { keyUuid, apiKey };
  });
}

/** Revokes a key at once (idempotent: a revoked key keeps its first revocation time). */
export async function revokeApiKey(deps: Pick<UsecaseDeps, 'db' | 'clock'>, actor: OperatorActor | SystemActor, input: { keyUuid: string }): Promise<{ keyUuid: string; revokedAt: string }> {
  return deps.db.transaction(async (trx) => {
    const revoked = await markApiKeyRevoked(trx, input.keyUuid);
    if (!revoked) throw new NotFoundError('api key');
    // `key.revoked` when this call revoked it: a repeat changes nothing and records nothing.
    if (!revoked.wasRevoked) {
      await recordAuditEvent({ ...deps, db: trx }, actor, { companyId: revoked.companyId, action: 'key.revoked', resource: { type: 'key', uuid: revoked.keyUuid }, changes: { revoked_at: revoked.revokedAt } });
    }
    return { keyUuid: revoked.keyUuid, revokedAt: revoked.revokedAt };
  });
}
