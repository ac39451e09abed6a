import type { ReportRow } from '../../../db/repositories/reports/report-repository';
import { reportTypeSpec } from '../../../domain/regulatory/manifest-registry';
import type { Regulator, ReportType } from '../../../domain/regulatory/manifest-types';
import type { DocumentSection, ReportDocument, ReportStatus } from '../../../domain/reports/report-document';
import { manifestOf } from './report-state';

/** The report as one document from its row and its current sections (the JSON, PDF and XML all start here). */
export function assembleReportDocument(
  row: ReportRow,
  sections: DocumentSection[],
  overrides: { status?: ReportStatus; finalizedAt?: Date | null } = {},
): ReportDocument {
  const finalizedAt = overrides.finalizedAt === undefined ? row.finalized_at : overrides.finalizedAt;
  return {
    report_uuid: row.uuid,
    type: row.type as ReportType,
    regulator: row.regulator as Regulator,
    title: reportTypeSpec(manifestOf(row), row.type as ReportType).title,
    status: overrides.status ?? row.status,
    analysis_uuid: row.analysis_uuid,
    subject: row.subject,
    versions: row.versions,
    window: { anchor_at: row.window_anchor_at.toISOString(), expires_at: row.window_expires_at.toISOString() },
    sections,
    created_at: row.created_at.toISOString(),
    finalized_at: finalizedAt ? finalizedAt.toISOString() : null,
    ...(row.occurrence ? { occurrence: row.occurrence } : {}),
  };
}
