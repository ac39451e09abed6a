import { findAnalysisReadParts, listAnalysisEvents } from '../../db/repositories/analysis-read-repository';
import { NotFoundError } from '../../domain/errors';
import { readAnalysis, requireAnalysis } from '../analysis-read-form';
import { isoTimestamp } from '../iso-timestamp';
import { defineRoute } from '../routing';
import { analysisReadSchema, analysisUuidParamsSchema } from '../schemas/analysis-schemas';
import { analysisEventsSchema, analysisExplanationSchema, analysisSignalsSchema, analysisSnapshotSchema } from '../schemas/analysis-subresource-schemas';

const readResponses = { 404: { description: 'no such analysis for this company' } };

const readRoute = (path: string, operationId: string) =>
  defineRoute({
    method: 'get',
    path,
    operationId,
    summary: 'The persisted verdict of an analysis (spec §2.6) with its status',
    description: 'The analysis as it stands: `queued`, `running` (steps land as they are written), `completed` with risk, subject, signal counts and every fingerprint, or `failed` with its error. A completed analysis carries an ETag; If-None-Match then answers 304.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    // A completed analysis never changes: ETag and 304.
    etag: (body) => body.status === 'completed',
    responses: { 200: { description: 'the analysis', schema: analysisReadSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => ({ status: 200, body: await readAnalysis(deps, auth.companyId, params.analysis_uuid) }),
  });

export const analysisReadRoutes = [
  readRoute('/api/analyses/:analysis_uuid', 'getAnalysis'),
  readRoute('/analyses/:analysis_uuid', 'getAnalysisAlias'),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/events',
    operationId: 'listAnalysisEvents',
    summary: 'Lifecycle events of an analysis, oldest first',
    description: 'The lifecycle of the analysis as events (queued, running, each step, completed or failed), oldest first; readable while it runs.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'events', schema: analysisEventsSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await requireAnalysis(deps, auth.companyId, params.analysis_uuid);
      const events = await listAnalysisEvents(deps.db, row.id);
      return {
        status: 200,
        body: { analysis_uuid: row.uuid, status: row.status, events: events.map((e) => ({ type: e.type, occurred_at: isoTimestamp(e.occurred_at)!, details: e.details })) },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/explanation',
    operationId: 'getAnalysisExplanation',
    summary: 'Ordered, human-readable contribution of each pillar and signal, with rule versions',
    description: 'The step-by-step explanation of the score: each signal, meta-signal and floor that moved it, in the order the engine applied them. Null until the analysis is completed.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'explanation (null until completed)', schema: analysisExplanationSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysisReadParts(deps.db, auth.companyId, params.analysis_uuid, ['explanation']);
      if (!row) throw new NotFoundError('analysis');
      const completed = row.status === 'completed';
      return {
        status: 200,
        body: {
          analysis_uuid: row.uuid,
          status: row.status,
          rules_version: completed ? row.rules_version : null,
          engine_fingerprint: completed ? row.engine_fingerprint : null,
          explanation: completed ? row.verdict_explanation : null,
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/signals',
    operationId: 'listAnalysisSignals',
    summary: 'Every signal evaluated, identified or not, with evidences and limitations',
    description: 'Every signal of the rule catalog version the verdict used, identified or not, with its pillar and points. Null until the analysis is completed.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'signals (null until completed)', schema: analysisSignalsSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysisReadParts(deps.db, auth.companyId, params.analysis_uuid, ['signals']);
      if (!row) throw new NotFoundError('analysis');
      const completed = row.status === 'completed';
      return {
        status: 200,
        body: {
          analysis_uuid: row.uuid,
          status: row.status,
          rules_version: completed ? row.rules_version : null,
          signal_counts: completed ? row.verdict_signal_counts : null,
          signals: completed ? row.verdict_signals : null,
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/snapshot',
    operationId: 'getAnalysisSnapshot',
    summary: 'The frozen enrichment snapshot the verdict was computed from, and its hash',
    description: 'The frozen inputs of the analysis (what the entity store knew at `as_of`), whose SHA-256 is `snapshot_hash`: the same snapshot always gives the same verdict. Null until enrichment is done.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'snapshot (null until enrichment is done)', schema: analysisSnapshotSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysisReadParts(deps.db, auth.companyId, params.analysis_uuid, ['snapshot']);
      if (!row) throw new NotFoundError('analysis');
      return { status: 200, body: { analysis_uuid: row.uuid, status: row.status, snapshot_hash: row.snapshot_hash, snapshot: row.snapshot ?? null } };
    },
  }),
];
