import type { Executor } from '../../create-db';

/**
 * Reports and their section revisions (db/migrations/20261123140000_reports.ts). Every read by
 * a company filters by it: another company's report is missing. The rendered files are read
 * only by the document download.
 */
export type ReportRow = {
  id: number;
  uuid: string;
  company_id: number;
  analysis_uuid: string;
  type: string;
  regulator: string;
  status: 'draft' | 'finalized' | 'filed' | 'voided';
  language: string;
  subject: any;
  versions: any;
  window_anchor_at: Date;
  window_expires_at: Date;
  workflow_id: string;
  content_sha256: string | null;
  created_at: Date;
  finalized_at: Date | null;
  filing_protocol: string | null;
  filed_at: Date | null;
  void_reason: string | null;
  voided_at: Date | null;
  /** The officer's occurrence data of a coaf_cos (docs/reports.md, "Occurrence data"); null until entered. */
  occurrence: any;
};

export type RevisionRow = {
  section_key: string;
  revision: number;
  kind: 'deterministic' | 'narrative';
  title: string;
  content: any;
  provenance: any;
  created_at: Date;
};

const reportColumns = [
  'id',
  'uuid',
  'company_id',
  'analysis_uuid',
  'type',
  'regulator',
  'status',
  'language',
  'subject',
  'versions',
  'window_anchor_at',
  'window_expires_at',
  'workflow_id',
  'content_sha256',
  'created_at',
  'finalized_at',
  'filing_protocol',
  'filed_at',
  'void_reason',
  'voided_at',
  'occurrence',
];
const revisionColumns = ['section_key', 'revision', 'kind', 'title', 'content', 'provenance', 'created_at'];

export type NewReport = Omit<
  ReportRow,
  | 'id'
  | 'status'
  | 'content_sha256'
  | 'created_at'
  | 'finalized_at'
  | 'filing_protocol'
  | 'filed_at'
  | 'void_reason'
  | 'voided_at'
  | 'occurrence'
> & { analysis_id: number };
export type NewRevision = Omit<RevisionRow, 'created_at'>;

/** Inserts the report unless its uuid exists (a retried generation); true when this call wrote it. */
export async function insertReport(db: Executor, report: NewReport): Promise<number | undefined> {
  const rows = await db('reports')
    .insert({ ...report, subject: JSON.stringify(report.subject), versions: JSON.stringify(report.versions) })
    .onConflict('uuid')
    .ignore()
    .returning('id');
  return rows[0]?.id;
}

export async function insertRevisions(db: Executor, reportId: number, revisions: NewRevision[]): Promise<void> {
  if (revisions.length === 0) return;
  await db('report_section_revisions').insert(
    revisions.map((r) => ({ ...r, report_id: reportId, content: JSON.stringify(r.content), provenance: JSON.stringify(r.provenance) })),
  );
}

export async function findReport(db: Executor, companyId: number, uuid: string): Promise<ReportRow | undefined> {
  return db('reports').where({ company_id: companyId, uuid }).first(reportColumns);
}

/** For the workflow's activity, which knows the report by uuid only. */
export async function findReportByUuid(db: Executor, uuid: string): Promise<ReportRow | undefined> {
  return db('reports').where({ uuid }).first(reportColumns);
}

/** The report row under a row lock: the state transitions and new revisions serialize on it. */
export async function lockReport(db: Executor, companyId: number, uuid: string): Promise<ReportRow | undefined> {
  return db('reports').where({ company_id: companyId, uuid }).forUpdate().first(reportColumns);
}

/** The latest revision of every section. */
export async function currentRevisions(db: Executor, reportId: number): Promise<RevisionRow[]> {
  return db('report_section_revisions')
    .distinctOn('section_key')
    .where({ report_id: reportId })
    .orderBy([{ column: 'section_key' }, { column: 'revision', order: 'desc' }])
    .select(revisionColumns);
}

export async function sectionRevisions(db: Executor, reportId: number, key: string): Promise<RevisionRow[]> {
  return db('report_section_revisions').where({ report_id: reportId, section_key: key }).orderBy('revision', 'asc').select(revisionColumns);
}

export type ReportFilters = { type?: string; status?: string; analysisUuid?: string };

/** A company's reports, newest first. */
export async function listReports(
  db: Executor,
  companyId: number,
  filters: ReportFilters,
  page: { afterId: number | null; limit: number },
): Promise<ReportRow[]> {
  return selectReports(db, companyId, filters, page);
}

/** Every company's reports, newest first: the operators' view (the ops CLI), never the API's. */
export async function listEveryCompanysReports(
  db: Executor,
  filters: ReportFilters,
  page: { afterId: number | null; limit: number },
): Promise<ReportRow[]> {
  return selectReports(db, undefined, filters, page);
}

async function selectReports(
  db: Executor,
  companyId: number | undefined,
  filters: ReportFilters,
  page: { afterId: number | null; limit: number },
): Promise<ReportRow[]> {
  const q = db('reports');
  if (companyId !== undefined) q.where({ company_id: companyId });
  if (filters.type) q.andWhere({ type: filters.type });
  if (filters.status) q.andWhere({ status: filters.status });
  if (filters.analysisUuid) q.andWhere({ analysis_uuid: filters.analysisUuid });
  if (page.afterId !== null) q.andWhere('id', '<', page.afterId);
  return q.orderBy('id', 'desc').limit(page.limit).select(reportColumns);
}

export async function updateReport(db: Executor, id: number, changes: Record<string, unknown>): Promise<void> {
  const encoded = Object.fromEntries(
    Object.entries(changes).map(([k, v]) => [
      k,
      (k === 'versions' || k === 'document' || k === 'occurrence') && v !== null ? JSON.stringify(v) : v,
    ]),
  );
  await db('reports').where({ id }).update(encoded);
}

export async function findReportFiles(
  db: Executor,
  reportId: number,
): Promise<{ document: any; document_pdf: Buffer | null; document_xml: string | null }> {
  return db('reports').where({ id: reportId }).first('document', 'document_pdf', 'document_xml');
}

/** The company's reports of these uuids (unknown or another company's are missing). */
export async function findReportsByUuid(db: Executor, companyId: number, uuids: string[]): Promise<ReportRow[]> {
  return db('reports').where({ company_id: companyId }).whereIn('uuid', uuids).select(reportColumns);
}
