import {
  findRelationshipEnd,
  latestAnalysisDate,
  setRelationshipEnd,
} from '../../db/repositories/reports/customer-relationship-repository';
import type { ReportRow } from '../../db/repositories/reports/report-repository';
import type { MemberActor } from '../../domain/actor';
import { retentionPeriod, type RetentionPeriod } from '../../domain/regulatory/retention-period';
import type { RetentionRule, ReportType } from '../../domain/regulatory/manifest-types';
import type { Executor } from '../../db/create-db';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { manifestOf, requireReport } from './support/report-state';

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

export type ReportRetention = RetentionPeriod & { rule: RetentionRule; relationship_ended_on: string | null };

/** The retention of a report under its own manifest's rule, from the facts stored for its subject. */
export async function reportRetention(db: Executor, row: ReportRow): Promise<ReportRetention | null> {
  const rule = manifestOf(row).retention[row.type as ReportType];
  const entityId = Number(row.subject.entity_id);
  const endedOn = await findRelationshipEnd(db, row.company_id, entityId);
  const latestKnownOn = (await latestAnalysisDate(db, row.company_id, entityId)) ?? row.window_anchor_at.toISOString().slice(0, 10);
  const period = retentionPeriod(rule, { relationshipEndedOn: endedOn, latestKnownOn, finalizedAt: row.finalized_at });
  return period ? { rule, relationship_ended_on: endedOn, ...period } : null;
}
