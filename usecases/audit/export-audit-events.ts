import type { Actor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { readAuditChain } from './support/read-audit-chain';

/**
 * The export an examiner takes away (docs/people-and-cases.md, "The export"): the whole chain in
 * seq order, one event per line as JSON with its `chain` link, so that it verifies offline.
 */
export async function* exportAuditEventLines(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: Actor,
  input: { companyId?: number | null },
): AsyncGenerator<string> {
  for await (const page of readAuditChain(deps, actor, input)) {
    yield page.map((event) => `${JSON.stringify(event)}\n`).join('');
  }
}
