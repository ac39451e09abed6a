import { randomBytes } from 'node:crypto';
import { insertApiKey, markApiKeyRevoked } from '../../db/repositories/tenancy/api-key-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import type { OperatorActor, SystemActor } from '../../domain/actor';
import { API_KEY_PREFIX, displayPrefixOf, hashApiKey } from '../../domain/api-key-secret';
import { NotFoundError } from '../../domain/errors';
import type { UsecaseDeps } from '../usecase-deps';

export type IssueApiKeyInput = { companyUuid: string; scopes: string[]; expiresAt?: Date | null; name?: string | null };
export type IssuedApiKey = { keyUuid: string; apiKey: string };

/**
 * A new key for a company: 32 random bytes, shown to the caller once and stored only as its hash
 * (domain/api-key-secret.ts). Operators issue keys (the ops CLI); the service issues the local
 * stack's demo key. A company member never issues one: a key is a credential, not a resource.
 */
export async function issueApiKey(deps: Pick<UsecaseDeps, 'db'>, _actor: OperatorActor | SystemActor, input: IssueApiKeyInput): Promise<IssuedApiKey> {
  const company = await findCompanyByUuid(deps.db, input.companyUuid);
  if (!company) throw new NotFoundError('company');
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const keyUuid = await insertApiKey(deps.db, {
    companyId: company.id,
    name: input.name ?? null,
    keyHash: hashApiKey(apiKey),
    keyPrefix: displayPrefixOf(apiKey),
    scopes: input.scopes,
    expiresAt: input.expiresAt ?? null,
  });
  return { keyUuid, apiKey };
}

/** Revokes a key at once (idempotent: a revoked key keeps its first revocation time). */
export async function revokeApiKey(deps: Pick<UsecaseDeps, 'db'>, _actor: OperatorActor | SystemActor, input: { keyUuid: string }): Promise<{ keyUuid: string; revokedAt: string }> {
  const revoked = await markApiKeyRevoked(deps.db, input.keyUuid);
  if (!revoked) throw new NotFoundError('api key');
  return revoked;
}
