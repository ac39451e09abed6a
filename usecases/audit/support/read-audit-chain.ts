import { readAuditChainPage, toAuditEvent } from '../../../db/repositories/audit/audit-event-repository';
import { type Actor, companyIdActedOn } from '../../../domain/actor';
import type { AuditEvent } from '../../../domain/audit/audit-event';
import type { UsecaseDeps } from '../../support/usecase-deps';

const PAGE = 1000;

/** The audit chain a member reads (its own company's) or an operator names (`companyId`; null: the service chain). */
export function auditChainOf(actor: Actor, companyId: number | null | undefined): number | null {
  return 'company' in actor ? companyIdActedOn(actor, companyId ?? undefined) : (companyId ?? null);
}

/** A chain's events in seq order, read in pages from the database (verification, the export). */
export async function* readAuditChain(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: Actor,
  input: { companyId?: number | null },
): AsyncGenerator<AuditEvent[]> {
  const companyId = auditChainOf(actor, input.companyId);
  let after = 0;
  for (;;) {
    const rows = await readAuditChainPage(deps.db, companyId, after, PAGE);
    if (rows.length === 0) return;
    yield rows.map(toAuditEvent);
    after = Number(rows[rows.length - 1].seq);
    if (rows.length < PAGE) return;
  }
}
