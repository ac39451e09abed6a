import { markApiKeyRevoked } from '../../db/repositories/tenancy/api-key-repository';
import type { OperatorActor, SystemActor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

/** Revokes a key at once (idempotent: a revoked key keeps its first revocation time). */
export async function revokeApiKey(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: OperatorActor | SystemActor,
  input: { keyUuid: string },
): Promise<{ keyUuid: string; revokedAt: string }> {
  return deps.db.transaction(async (trx) => {
    const revoked = await markApiKeyRevoked(trx, input.keyUuid);
    if (!revoked) throw new NotFoundError('api key');
    // `key.revoked` when this call revoked it: a repeat changes nothing and records nothing.
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
