import { AnalysisRow, findAnalysis, findAnalysisReadParts, listAnalysisEvents } from '../../db/repositories/analysis-read-repository';
import { NotFoundError } from '../../domain/errors';
import type { AppDeps } from '../app-deps';
import { defineRoute } from '../routing';
import {
  AnalysisLinks,
  AnalysisRead,
  analysisEventsSchema,
  analysisExplanationSchema,
  analysisReadSchema,
  analysisSignalsSchema,
  analysisSnapshotSchema,
  analysisUuidParamsSchema,
} from '../schemas/analysis-schemas';

/** spec §2.6: the read form of the subject omits these enumerations of the create form. */
const omittedFromReadForm = new Set([
  'entity_type', 'education_level', 'establishment_type', 'gender', 'government_branch',
  'marital_status', 'organization_category', 'race_color', 'unit_status', 'unit_type',
]);

function toReadFormSubject(subject: Record<string, unknown> | null): AnalysisRead['subject'] {
  if (!subject) return null;
  return Object.fromEntries(Object.entries(subject).filter(([key]) => !omittedFromReadForm.has(key))) as AnalysisRead['subject'];
}

function linksOf(deps: AppDeps, uuid: string): AnalysisLinks {
  const base = (deps.config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '');
  const sub = (name: string) => `${base}/analyses/${uuid}/${name}`;
  return {
    self: `${base}/api/analyses/${uuid}`,
    events: sub('events'),
    explanation: sub('explanation'),
    graph: sub('graph'),
    signals: sub('signals'),
    snapshot: sub('snapshot'),
  };
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

async function readAnalysis(deps: AppDeps, companyId: number, uuid: string): Promise<AnalysisRead> {
  const row = await findAnalysisReadParts(deps.db, companyId, uuid);
  if (!row) throw new NotFoundError('analysis');
  const completed = row.status === 'completed';
  const versions = completed ? (row.verdict_versions ?? {}) : {};
  return {
    uuid: row.uuid,
    status: row.status,
    current_step: row.current_step,
    mode: row.mode,
    entity_id: row.entity_id,
    entry_uuid: row.entry_uuid,
    as_of: row.as_of,
    source: row.source,
    client_reference: row.client_reference,
    links: linksOf(deps, row.uuid),
    // DESIGN.md §4: risk is null until completed.
    risk: completed ? row.verdict_risk : null,
    signal_counts: completed ? row.verdict_signal_counts : null,
    subject: completed ? toReadFormSubject(row.verdict_subject) : null,
    versions: {
      analysis_workflow_version: versions.analysis_workflow_version ?? null,
      regulatory_catalog_version: versions.regulatory_catalog_version ?? null,
      rules_version: versions.rules_version ?? null,
      scoring_engine_version: versions.scoring_engine_version ?? null,
      operational_model: versions.operational_model ?? null,
      operational_prompt_version: versions.operational_prompt_version ?? null,
      // Injected from the row: known as soon as enrichment is done (spec §2.6).
      snapshot_hash: row.snapshot_hash,
      engine_fingerprint: completed ? row.engine_fingerprint : null,
      input_fingerprint: completed ? row.input_fingerprint : null,
      verdict_fingerprint: completed ? row.verdict_fingerprint : null,
    },
    error: row.error,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
  };
}

async function requireAnalysis(deps: AppDeps, companyId: number, uuid: string): Promise<AnalysisRow> {
  const row = await findAnalysis(deps.db, companyId, uuid);
  if (!row) throw new NotFoundError('analysis');
  return row;
}

const readResponses = { 404: { description: 'no such analysis for this company' } };

const readRoute = (path: string, operationId: string) =>
  defineRoute({
    method: 'get',
    path,
    operationId,
    summary: 'The persisted verdict of an analysis (spec §2.6) with its status',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
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
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: analysisUuidParamsSchema,
    responses: { 200: { description: 'events', schema: analysisEventsSchema }, ...readResponses },
    handler: async ({ params, auth, deps }) => {
      const row = await requireAnalysis(deps, auth.companyId, params.analysis_uuid);
      const events = await listAnalysisEvents(deps.db, row.id);
      return {
        status: 200,
        body: { analysis_uuid: row.uuid, status: row.status, events: events.map((e) => ({ type: e.type, occurred_at: iso(e.occurred_at)!, details: e.details })) },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/explanation',
    operationId: 'getAnalysisExplanation',
    summary: 'Ordered, human-readable contribution of each pillar and signal, with rule versions',
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
