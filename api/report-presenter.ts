import { currentRevisions, type ReportRow, type RevisionRow } from '../db/repositories/reports/report-repository';
import { currentSections, requireReport } from '../usecases/reports/report-state';
import { isWindowOpen } from '../domain/regulatory/report-window';
import type { AppDeps } from './app-deps';
import { isoTimestamp } from './iso-timestamp';
import type { ReportSectionBody, ReportSummaryBody } from './schemas/report-schemas';

/** The report resource of DESIGN §9, from its row (and its current sections for the detail). */
export function presentReportSummary(deps: AppDeps, row: ReportRow, now = new Date()): ReportSummaryBody {
  const base = `${(deps.config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '')}/reports/${row.uuid}`;
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
    links: { self: base, document_pdf: `${base}/document?format=pdf`, document_json: `${base}/document?format=json`, ...(row.type === 'coaf_cos' ? { document_xml: `${base}/document?format=xml` } : {}) },
  };
}

export function presentSection(row: RevisionRow): ReportSectionBody {
  return { key: row.section_key, title: row.title, kind: row.kind, revision: row.revision, content: row.content, provenance: row.provenance, created_at: isoTimestamp(row.created_at)! };
}

/** The report resource with its current sections (revision rows straight from the table, so created_at is exact). */
export async function presentReport(deps: AppDeps, companyId: number, uuid: string) {
  const row = await requireReport(deps.db, companyId, uuid);
  const order = (await currentSections(deps.db, row)).map((s) => s.key);
  const rows = await currentRevisions(deps.db, row.id);
  const sections = order.map((key) => presentSection(rows.find((r) => r.section_key === key)!));
  return { ...presentReportSummary(deps, row), sections };
}
