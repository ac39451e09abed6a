import { findAnalysisReadParts } from '../../../db/repositories/analyses/analysis-read-repository';
import { NotFoundError } from '../../../domain/errors';
import { defineRoute } from '../../edge/routing';
import { analysisUuidParamsSchema } from './analysis-schemas';
import { analysisExplanationSchema, analysisSignalsSchema, analysisSnapshotSchema } from './analysis-subresource-schemas';
import { readResponses } from './analysis-subresource-routes';

type ReadPart = NonNullable<Parameters<typeof findAnalysisReadParts>[3]>[number];
type ReadRow = NonNullable<Awaited<ReturnType<typeof findAnalysisReadParts>>>;

/**
 * A part of the verdict: the analysis' uuid and status always, the part's fields only once the
 * analysis is completed (null before, so a poller reads one shape throughout).
 */
async function readVerdictPart(
  deps: { db: Parameters<typeof findAnalysisReadParts>[0] },
  companyId: number,
  analysisUuid: string,
  part: ReadPart,
  fieldsOf: (row: ReadRow) => Record<string, unknown>,
) {
  const row = await findAnalysisReadParts(deps.db, companyId, analysisUuid, [part]);
  if (!row) throw new NotFoundError('analysis');
  const fields = fieldsOf(row);
  const completed = row.status === 'completed';
  const gated = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, completed ? value : null]));
  return { status: 200, body: { analysis_uuid: row.uuid, status: row.status, ...gated } };
}

/** The parts of a verdict read one at a time: its explanation, its signals and the snapshot it was computed from. */
export const analysisVerdictPartRoutes = [
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/explanation',
    operationId: 'getAnalysisExplanation',
    summary: 'Ordered, human-readable contribution of each pillar and signal, with rule versions',
    description:
      'The step-by-step explanation of the score: each signal, meta-signal and floor that moved it, in the order the engine applied them. Null until the analysis is completed.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'explanation (null until completed)', schema: analysisExplanationSchema }, ...readResponses },
    handler: ({ params, auth, deps }) =>
      readVerdictPart(deps, auth.companyId, params.analysis_uuid, 'explanation', (row) => ({
        rules_version: row.rules_version,
        engine_fingerprint: row.engine_fingerprint,
        explanation: row.verdict_explanation,
      })),
  }),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/signals',
    operationId: 'listAnalysisSignals',
    summary: 'Every signal evaluated, identified or not, with evidences and limitations',
    description:
      'Every signal of the rule catalog version the verdict used, identified or not, with its pillar and points. Null until the analysis is completed.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'signals (null until completed)', schema: analysisSignalsSchema }, ...readResponses },
    handler: ({ params, auth, deps }) =>
      readVerdictPart(deps, auth.companyId, params.analysis_uuid, 'signals', (row) => ({
        rules_version: row.rules_version,
        signal_counts: row.verdict_signal_counts,
        signals: row.verdict_signals,
      })),
  }),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/snapshot',
    operationId: 'getAnalysisSnapshot',
    summary: 'The frozen enrichment snapshot the verdict was computed from, and its hash',
    description:
      'The frozen inputs of the analysis (what the entity store knew at `as_of`), whose SHA-256 is `snapshot_hash`: the same snapshot always gives the same verdict. Null until enrichment is done.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'snapshot (null until enrichment is done)', schema: analysisSnapshotSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysisReadParts(deps.db, auth.companyId, params.analysis_uuid, ['snapshot']);
      if (!row) throw new NotFoundError('analysis');
      return {
        status: 200,
        body: { analysis_uuid: row.uuid, status: row.status, snapshot_hash: row.snapshot_hash, snapshot: row.snapshot ?? null },
      };
    },
  }),
];
