import { findAnalysis, findAnalysisReadParts, listAnalysisEvents } from '../../../db/repositories/analyses/analysis-read-repository';
import { NotFoundError } from '../../../domain/errors';
import { presentAnalysis } from '../../presenters/analysis-read-form';
import { isoTimestamp } from '../../edge/iso-timestamp';
import { defineRoute } from '../../edge/routing';
import { analysisReadSchema, analysisUuidParamsSchema } from './analysis-schemas';
import { analysisEventsSchema } from './analysis-subresource-schemas';

export const readResponses = { 404: { description: 'no such analysis for this company' } };

const readRoute = (path: string, operationId: string) =>
  defineRoute({
    method: 'get',
    path,
    operationId,
    summary: 'The persisted verdict of an analysis (docs/analyses.md) with its status',
    description:
      'The analysis as it stands: `queued`, `running` (steps land as they are written), `completed` with risk, subject, signal counts and every fingerprint, or `failed` with its error. A completed analysis carries an ETag; If-None-Match then answers 304.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    // A completed analysis never changes: ETag and 304.
    etag: (body) => body.status === 'completed',
    responses: { 200: { description: 'the analysis', schema: analysisReadSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysisReadParts(deps.db, auth.companyId, params.analysis_uuid);
      if (!row) throw new NotFoundError('analysis');
      return { status: 200, body: presentAnalysis(deps, row) };
    },
  });

export const analysisReadRoutes = [
  readRoute('/api/analyses/:analysis_uuid', 'getAnalysis'),
  readRoute('/analyses/:analysis_uuid', 'getAnalysisAlias'),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/events',
    operationId: 'listAnalysisEvents',
    summary: 'Lifecycle events of an analysis, oldest first',
    description:
      'The lifecycle of the analysis as events (queued, running, each step, completed or failed), oldest first; readable while it runs.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'events', schema: analysisEventsSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysis(deps.db, auth.companyId, params.analysis_uuid);
      if (!row) throw new NotFoundError('analysis');
      const events = await listAnalysisEvents(deps.db, row.id);
      return {
        status: 200,
        body: {
          analysis_uuid: row.uuid,
          status: row.status,
          events: events.map((e) => ({ type: e.type, occurred_at: isoTimestamp(e.occurred_at)!, details: e.details })),
        },
      };
    },
  }),
];
