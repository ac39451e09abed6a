import { setRelationshipEnd } from '../../db/repositories/reports/customer-relationship-repository';
import type { MemberActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { requireReport } from './support/report-state';

/**
 * PUT /reports/{uuid}/relationship: the end of the company's relationship with the report's
 * subject (docs/reports.md, "Retention"), or null when it goes on. Stored per company and subject
 * entity, so every report of the subject counts its retention from it (Circular BCB 3.978/2020
 * art. 67). Any status: retention matters most once a report is finalized or filed.
 */
export async function setReportRelationshipEnd(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; endedOn: string | null },
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const row = await requireReport(trx, actor.company.id, input.uuid);
    const entityId = Number(row.subject.entity_id);
    const previous = await setRelationshipEnd(trx, actor.company.id, entityId, input.endedOn);
    // Last in the transaction: the chain's lock is held only until the commit.
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'report.relationship_end_set',
      resource: { type: 'report', uuid: row.uuid },
      changes: { entity_id: entityId, relationship_ended_on: { from: previous, to: input.endedOn } },
    });
  });
}
