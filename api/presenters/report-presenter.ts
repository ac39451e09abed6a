import type { ReportRow, RevisionRow } from '../../db/repositories/reports/report-repository';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import { isWindowOpen } from '../../domain/regulatory/report-window';
import { manifestOfReport, orderedSections } from '../../domain/reports/ordered-sections';
import type { AppDeps } from '../app-deps';
import { isoTimestamp } from '../edge/iso-timestamp';
import type { ReportRetentionBody, ReportSectionBody, ReportSummaryBody } from '../resources/reports/report-schemas';

/** The report resource of docs/reports.md, from its row (and its current sections for the detail). */
export function presentReportSummary({ config }: Pick<AppDeps, 'config'>, row: ReportRow, now = new Date()): ReportSummaryBody {
  const base = `${(config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '')}/reports/${row.uuid}`;
  const window = { anchor_at: isoTimestamp(row.window_anchor_at)!, expires_at: isoTimestamp(row.window_expires_at)! };
  return {
    uuid: row.uuid,
    type: row.type as ReportSummaryBody['type'],
    regulator: row.regulator as ReportSummaryBody['regulator'],
    status: row.status,
    analysis_uuid: row.analysis_uuid,
    subject: row.subject,
    versions: row.versions,
    window: { ...window, open: isWindowOpen(window, now) },
    content_sha256: row.content_sha256,
    created_at: isoTimestamp(row.created_at)!,
    finalized_at: isoTimestamp(row.finalized_at),
    filing: row.filing_protocol && row.filed_at ? { protocol: row.filing_protocol, filed_at: isoTimestamp(row.filed_at)! } : null,
    voided: row.void_reason && row.voided_at ? { reason: row.void_reason, at: isoTimestamp(row.voided_at)! } : null,
    links: {
      self: base,
      document_pdf: `${base}/document?format=pdf`,
      document_json: `${base}/document?format=json`,
      ...(row.type === 'coaf_cos' ? { document_xml: `${base}/document?format=xml` } : {}),
    },
  };
}

export function presentSection(row: RevisionRow): ReportSectionBody {
  return {
    key: row.section_key,
    title: row.title,
    kind: row.kind,
    revision: row.revision,
    content: row.content,
    provenance: row.provenance,
    created_at: isoTimestamp(row.created_at)!,
  };
}

/** The report resource with its current sections in the manifest's order (revision rows straight from the table, so created_at is exact). */
export function presentReport(
  deps: Pick<AppDeps, 'config'>,
  row: ReportRow,
  revisions: RevisionRow[],
  now = new Date(),
  retention: ReportRetentionBody = null,
): ReportSummaryBody & { retention: ReportRetentionBody; sections: ReportSectionBody[] } {
  const byKey = new Map(revisions.map((r) => [r.section_key, r]));
  const sections = orderedSections(revisions, manifestOfReport(row), row.type as ReportType).map((s) => presentSection(byKey.get(s.key)!));
  return { ...presentReportSummary(deps, row, now), retention, sections };
}
