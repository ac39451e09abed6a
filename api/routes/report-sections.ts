import { editSection } from '../../usecases/reports/edit-section';
import { regenerateSection } from '../../usecases/reports/regenerate-section';
import { isoTimestamp } from '../iso-timestamp';
import { defineRoute } from '../routing';
import { editSectionRequestSchema, reportSectionSchema, sectionParamsSchema } from '../schemas/report-schemas';

const tags = ['reports'];
const auth = { scope: 'reports:write' as const };
const notFound = { description: 'no such report or section for the calling company' };
const notDraft = { description: 'the report is not a draft' };

const sectionBody = (section: Awaited<ReturnType<typeof regenerateSection>>) => ({ key: section.key, title: section.title, kind: section.kind, revision: section.revision, content: section.content, provenance: section.provenance, created_at: isoTimestamp(new Date())! });

/** The narrative sections' write paths: a writer's new revision, or the officer's own text. */
export const reportSectionRoutes = [
  defineRoute({
    method: 'post',
    path: '/reports/:uuid/sections/:key/regenerate',
    operationId: 'regenerateReportSection',
    summary: 'Write a narrative section again with the configured narrative writer: a new revision',
    description: 'A model writer may cite only signal codes, «names» and documents present in the deterministic sections; otherwise 502 and the previous revision stays.',
    tags,
    auth,
    params: sectionParamsSchema,
    responses: {
      200: { description: 'the new revision', schema: reportSectionSchema },
      404: notFound,
      409: notDraft,
      422: { description: 'a deterministic section, or outside the 24-hour window' },
      502: { description: "the narrative writer is unavailable or its text was rejected; the previous revision stays" },
    },
    handler: async ({ params, auth: caller, deps }) => ({ status: 200, body: sectionBody(await regenerateSection(deps, caller, params.uuid, params.key)) }),
  }),
  defineRoute({
    method: 'put',
    path: '/reports/:uuid/sections/:key',
    operationId: 'editReportSection',
    summary: "The compliance officer's own text of a narrative section: a new revision authored by the company",
    tags,
    auth,
    params: sectionParamsSchema,
    body: editSectionRequestSchema,
    responses: { 200: { description: 'the new revision', schema: reportSectionSchema }, 404: notFound, 409: notDraft, 422: { description: 'a deterministic section, or an invalid text' } },
    handler: async ({ params, body, auth: caller, deps }) => ({ status: 200, body: sectionBody(await editSection(deps, caller, params.uuid, params.key, body.content)) }),
  }),
];
