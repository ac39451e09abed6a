import { writeFileSync } from 'node:fs';
import { z } from 'zod';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { findReportByUuid, listEveryCompanysReports, listReports, type ReportRow } from '../../db/repositories/reports/report-repository';
import { NotFoundError } from '../../domain/errors';
import { defineCommand } from '../command';

/** Reports for operators, across companies: the same rows and the same rendering as the API. */
function presentForOps(r: ReportRow) {
  return {
    uuid: r.uuid,
    company_id: r.company_id,
    type: r.type,
    status: r.status,
    analysis_uuid: r.analysis_uuid,
    subject: r.subject,
    versions: r.versions,
    content_sha256: r.content_sha256,
    window_expires_at: new Date(r.window_expires_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    finalized_at: r.finalized_at ? new Date(r.finalized_at).toISOString() : null,
    filing_protocol: r.filing_protocol,
    void_reason: r.void_reason,
  };
}

async function requireReportByUuid(db: Parameters<typeof findReportByUuid>[0], uuid: string): Promise<ReportRow> {
  const row = await findReportByUuid(db, uuid);
  if (!row) throw new NotFoundError('report');
  return row;
}

export const reportsList = defineCommand({
  name: ['reports', 'list'],
  summary: 'List regulatory reports, newest first',
  flags: {
    company: { type: 'string', value: '<company uuid>', help: 'only the reports of this company' },
    status: { type: 'string', value: '<draft|finalized|filed|voided>', help: 'only reports in this status' },
    type: { type: 'string', value: '<coaf_cos|bcb_dossie>', help: 'only reports of this type' },
    limit: { type: 'string', value: '<n>', help: 'at most this many (default 100)' },
  },
  examples: ['reports list --status finalized --type coaf_cos --json'],
  options: z.object({
    company: z.uuid().optional(),
    status: z.enum(['draft', 'finalized', 'filed', 'voided']).optional(),
    type: z.enum(['coaf_cos', 'bcb_dossie']).optional(),
    limit: z.coerce.number().int().min(1).max(10_000).default(100),
  }),
  run: async ({ options, db }) => {
    const knex = await db();
    const company = options.company ? await findCompanyByUuid(knex, options.company) : null;
    if (options.company && !company) throw new NotFoundError('company');
    const filters = { status: options.status, type: options.type };
    const page = { afterId: null, limit: options.limit };
    const rows = company ? await listReports(knex, company.id, filters, page) : await listEveryCompanysReports(knex, filters, page);
    return { count: rows.length, reports: rows.map(presentForOps) };
  },
});

export const reportsShow = defineCommand({
  name: ['reports', 'show'],
  summary: 'One report with the current revision of every section',
  flags: { uuid: { type: 'string', value: '<report uuid>', help: 'the report', required: true } },
  examples: ['reports show --uuid 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d --json'],
  options: z.object({ uuid: z.uuid() }),
  run: async ({ options, db }) => {
    const knex = await db();
    const row = await requireReportByUuid(knex, options.uuid);
    // The report use cases (their renderers) load when a report command runs (docs/operations.md).
    const { currentSections } = await import('../../usecases/reports/support/report-state');
    const sections = await currentSections(knex, row);
    return {
      report: presentForOps(row),
      sections: sections.map((s) => ({
        key: s.key,
        kind: s.kind,
        revision: s.revision,
        title: s.title,
        content: s.content,
        provenance: s.provenance,
      })),
    };
  },
});

export const reportsDocument = defineCommand({
  name: ['reports', 'document'],
  summary: 'Write the rendered report to a file (the frozen files of a finalized report; a draft rendered now, marked DRAFT)',
  flags: {
    uuid: { type: 'string', value: '<report uuid>', help: 'the report', required: true },
    format: { type: 'string', value: '<pdf|xml|json>', help: 'the rendering (default pdf; xml: COAF reports only)' },
    out: { type: 'string', value: '<file>', help: 'where to write it (replaced if it exists)', required: true },
  },
  examples: ['reports document --uuid 9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d --format xml --out cos.xml --json'],
  options: z.object({ uuid: z.uuid(), format: z.enum(['pdf', 'xml', 'json']).default('pdf'), out: z.string().min(1) }),
  run: async ({ options, db, actor }) => {
    const knex = await db();
    const row = await requireReportByUuid(knex, options.uuid);
    const { readReportDocument } = await import('../../usecases/reports/read-report-document');
    const doc = await readReportDocument({ db: knex }, actor, { uuid: row.uuid, format: options.format, companyId: row.company_id });
    const bytes = typeof doc.body === 'string' ? Buffer.from(doc.body, 'utf8') : doc.body;
    writeFileSync(options.out, bytes);
    return {
      uuid: row.uuid,
      format: options.format,
      out: options.out,
      bytes: bytes.length,
      content_type: doc.contentType,
      content_sha256: row.content_sha256,
    };
  },
});
