import { findReport, listReports, sectionRevisions } from '../../../db/repositories/reports/report-repository';
import { NotFoundError } from '../../../domain/errors';
import { createReport } from '../../../usecases/reports/create-report';
import { requireSectionSpec } from '../../../usecases/reports/support/report-state';
import { idempotencyKeyHeader, readIdempotencyKey } from '../../edge/idempotency-header';
import { decodeCursor, idPosition, queryBinding, toPage } from '../../edge/pagination';
import { presentReportSummary, presentSection } from '../../presenters/report-presenter';
import { readReport } from './read-report';
import { defineRoute } from '../../edge/routing';
import {
  createReportRequestSchema,
  listReportsQuerySchema,
  reportPageSchema,
  reportParamsSchema,
  reportSchema,
  reportSectionDetailSchema,
  sectionParamsSchema,
} from './report-schemas';
import { reportActionRoutes } from './report-action-routes';
import { reportSectionRoutes } from './report-section-routes';

const tags = ['reports'];
const notFound = { description: 'no report with this uuid for the calling company' };

export const reportRoutes = [
  defineRoute({
    method: 'post',
    path: '/reports',
    operationId: 'createReport',
    summary: 'Generate a regulatory report (coaf_cos or bcb_dossie) from a completed analysis',
    description:
      'Runs the report workflow (report-<uuid>, task queue reports) and answers with the draft report. Only within 24 hours of the ' +
      "analysis' completion (window.expires_at on the analysis). Optional Idempotency-Key: the same key and body within 24 h return the same report.",
    tags,
    auth: { scope: 'reports:write' },
    temporal: true,
    billable: { feature: 'reports', operation: 'reports' },
    body: createReportRequestSchema,
    headers: idempotencyKeyHeader,
    responses: {
      201: { description: 'the draft report', schema: reportSchema },
      404: { description: 'unknown analysis, or one of another company' },
      500: { description: 'the report workflow failed; nothing was persisted and the quota unit was given back; repeating is safe' },
      502: { description: 'Temporal or Postgres temporarily unavailable' },
    },
    handler: async ({ body, auth, actor, deps, ctx }) => {
      const created = await createReport(deps, actor, { body, idempotencyKey: readIdempotencyKey(ctx) });
      return {
        status: created.status,
        body: await readReport(deps, auth.companyId, created.reportUuid),
        headers: { Location: `/reports/${created.reportUuid}`, ...(created.replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports',
    operationId: 'listReports',
    summary: 'Reports of the calling company, newest first, filtered by type, status and analysis',
    description:
      'The reports of the calling company without their sections, newest first. Pages `{items, next_cursor}` of `limit` (1–200, default 50); pass next_cursor back as cursor with the same filters. Unknown query parameters are 422.',
    tags,
    auth: { scope: 'reports:read' },
    query: listReportsQuerySchema,
    responses: { 200: { description: 'a page of reports', schema: reportPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const filters = { type: query.type, status: query.status, analysisUuid: query.analysis_uuid };
      const binding = queryBinding(filters);
      const rows = await listReports(deps.db, auth.companyId, filters, {
        afterId: decodeCursor(query.cursor, idPosition, binding) ?? null,
        limit: query.limit + 1,
      });
      return {
        status: 200,
        body: toPage(
          rows,
          query.limit,
          (row) => presentReportSummary(deps, row),
          (row) => row.id,
          binding,
        ),
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/reports/:uuid',
    operationId: 'getReport',
    summary: 'A report with the current revision of every section',
    description:
      "The report, its versions, its 24-hour window and the current revision of each section in the manifest's order. A finalized, filed or voided report carries an `ETag`: If-None-Match answers 304 while it has not changed.",
    tags,
    auth: { scope: 'reports:read' },
    params: reportParamsSchema,
    // Past draft, the body changes only on filing or void (and when the window closes): its tag changes with it.
    etag: (body) => body.status !== 'draft',
    responses: { 200: { description: 'the report', schema: reportSchema }, 404: notFound },
    handler: async ({ params, auth, deps }) => ({ status: 200, body: await readReport(deps, auth.companyId, params.uuid) }),
  }),
  defineRoute({
    method: 'get',
    path: '/reports/:uuid/sections/:key',
    operationId: 'getReportSection',
    summary: 'One section of a report: its current revision and every revision before it',
    description:
      "The current revision of one section with `revisions`, oldest first: who wrote each (writer model and prompt version, or the company's officer) and its provenance.",
    tags,
    auth: { scope: 'reports:read' },
    params: sectionParamsSchema,
    responses: {
      200: { description: 'the section with its revisions, oldest first', schema: reportSectionDetailSchema },
      404: { description: 'no such report or section' },
    },
    handler: async ({ params, auth, deps }) => {
      const row = await findReport(deps.db, auth.companyId, params.uuid);
      if (!row) throw new NotFoundError('report');
      requireSectionSpec(row, params.key);
      const revisions = (await sectionRevisions(deps.db, row.id, params.key)).map(presentSection);
      return { status: 200, body: { ...revisions[revisions.length - 1], revisions } };
    },
  }),
  ...reportSectionRoutes,
  ...reportActionRoutes,
];
