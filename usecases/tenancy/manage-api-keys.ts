import { createApiKey, revokeApiKey } from '../../db/repositories/tenancy/api-key-repository';
import type { OperatorActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../usecase-deps';

/**
 * `ops key create`: a new key for a company, and its audit event `key.created` (the resource is the
 * key; its scopes, name and expiry recorded, never the key or its hash), in one transaction.
 */
export async function issueApiKey(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: OperatorActor,
  input: { companyUuid: string; scopes: string[]; expiresAt: Date | null; name?: string | null },
): Promise<{ keyUuid: string; apiKey: string }> {
  return deps.db.transaction(async (trx) => {
    const key = await createApiKey(trx, input);
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: key.companyId,
      action: 'key.created',
      resource: { type: 'key', uuid: key.keyUuid },
      changes: { name: input.name ?? null, scopes: input.scopes, expires_at: input.expiresAt, key_prefix: key.apiKey.slice(0, 10) },
    });
    return { keyUuid: key.keyUuid, apiKey: key.apiKey };
  });
}

/** `ops key revoke`: revoked at once; `key.revoked` recorded when this call revoked it (a repeat changes nothing). */
export async function revokeCompanyApiKey(deps: Pick<UsecaseDeps, 'db' | 'clock'>, actor: OperatorActor, input: { keyUuid: string }): Promise<{ keyUuid: string; revokedAt: string }> {
  return deps.db.transaction(async (trx) => {
    const revoked = await revokeApiKey(trx, input.keyUuid);
    if (!revoked.wasRevoked) {
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        companyId: revoked.companyId,
        action: 'key.revoked',
        resource: { type: 'key', uuid: revoked.keyUuid },
        changes: { revoked_at: revoked.revokedAt },
      });
    }
    return { keyUuid: revoked.keyUuid, revokedAt: revoked.revokedAt };
  });
}
