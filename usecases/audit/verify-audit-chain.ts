import type { Actor } from '../../domain/actor';
import { type AuditChainVerification, createAuditChainVerifier } from '../../domain/audit/verify-audit-chain';
import type { UsecaseDeps } from '../support/usecase-deps';
import { readAuditChain } from './support/read-audit-chain';

/**
 * Recomputes a chain from the stored rows (docs/people-and-cases.md, "How to verify"): every link,
 * every hash; the first event that breaks it is reported with the reason. A read: records nothing.
 */
export async function verifyStoredAuditChain(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: Actor,
  input: { companyId?: number | null },
): Promise<AuditChainVerification> {
  const verifier = createAuditChainVerifier();
  for await (const page of readAuditChain(deps, actor, input)) verifier.push(page);
  return verifier.result();
}
