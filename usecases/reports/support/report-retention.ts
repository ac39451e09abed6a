import { findRelationshipEnd, latestAnalysisDate } from '../../../db/repositories/reports/customer-relationship-repository';
import type { ReportRow } from '../../../db/repositories/reports/report-repository';
import { retentionPeriod, type RetentionPeriod } from '../../../domain/regulatory/retention-period';
import type { RetentionRule, ReportType } from '../../../domain/regulatory/manifest-types';
import type { Executor } from '../../../db/create-db';
import { manifestOf } from './report-state';

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
