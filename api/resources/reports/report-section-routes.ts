import { editSection } from '../../../usecases/reports/edit-section';
import { regenerateSection } from '../../../usecases/reports/regenerate-section';
import { findReport, sectionRevisions } from '../../../db/repositories/reports/report-repository';
import { NotFoundError } from '../../../domain/errors';
import type { AppDeps } from '../../app-deps';
import { presentSection } from '../../presenters/report-presenter';
import { defineRoute } from '../../edge/routing';
import { editSectionRequestSchema, reportSectionSchema, sectionParamsSchema } from './report-schemas';

const tags = ['reports'];
const auth = { scope: 'reports:write' as const };
const notFound = { description: 'no such report or section for the calling company' };
const notDraft = { description: 'the report is not a draft' };

/** The revision just written, read back so that its created_at is the stored one. */
async function writtenRevision(deps: AppDeps, companyId: number, uuid: string, key: string, revision: number) {
  const report = await findReport(deps.db, companyId, uuid);
  const row = report && (await sectionRevisions(deps.db, report.id, key)).find((r) => r.revision === revision);
  if (!row) throw new NotFoundError('report section');
  return presentSection(row);
}

/** The narrative sections' write paths: a writer's new revision, or the officer's own text. */
export const reportSectionRoutes = [
  defineRoute({
    method: 'post',
    path: '/reports/:uuid/sections/:key/regenerate',
    operationId: 'regenerateReportSection',
    summary: 'Write a narrative section again with the configured narrative writer: a new revision',
    description:
      'A model writer may cite only signal codes, «names» and documents present in the deterministic sections; otherwise 502 and the previous revision stays.',
    tags,
    auth,
    params: sectionParamsSchema,
    responses: {
      200: { description: 'the new revision', schema: reportSectionSchema },
      404: notFound,
      409: notDraft,
      422: { description: 'a deterministic section, or outside the 24-hour window' },
      502: { description: 'the narrative writer is unavailable or its text was rejected; the previous revision stays' },
    },
    handler: async ({ params, auth: caller, actor, deps }) => {
      const written = await regenerateSection(deps, actor, { uuid: params.uuid, key: params.key });
      return { status: 200, body: await writtenRevision(deps, caller.companyId, params.uuid, params.key, written.revision) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/reports/:uuid/sections/:key',
    operationId: 'editReportSection',
    summary: "The compliance officer's own text of a narrative section: a new revision authored by the company",
    description:
      'Narrative sections only, while the report is a draft (not bound by the 24-hour window). The new revision records the company as its author; earlier revisions stay readable.',
    tags,
    auth,
    params: sectionParamsSchema,
    body: editSectionRequestSchema,
    responses: {
      200: { description: 'the new revision', schema: reportSectionSchema },
      404: notFound,
      409: notDraft,
      422: { description: 'a deterministic section, or an invalid text' },
    },
    handler: async ({ params, body, auth: caller, actor, deps }) => {
      const written = await editSection(deps, actor, { uuid: params.uuid, key: params.key, text: body.content });
      return { status: 200, body: await writtenRevision(deps, caller.companyId, params.uuid, params.key, written.revision) };
    },
  }),
];
