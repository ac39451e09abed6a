import type { Executor } from '../create-db';

/**
 * Analyses: every write of a workflow step is ONE statement (row update + its lifecycle event
 * through a CTE), so a step is atomic without a transaction round trip, and guarded by a
 * condition on the row so that a retried step writes nothing twice.
 */
export type AnalysisMode = 'sync' | 'async';
export type AnalysisStatus = 'queued' | 'running' | 'completed' | 'failed';

export type NewAnalysis = {
  uuid: string;
  companyId: number;
  entityId: number;
  mode: AnalysisMode;
  entryUuid: string;
  asOf: string;
  workflowId: string;
  source: string | null;
  clientReference: string | null;
  webhookEndpointUuid: string | null;
};

function rowValues(a: NewAnalysis) {
  return [a.uuid, a.companyId, a.entityId, a.mode, a.entryUuid, a.asOf, a.workflowId, a.source, a.clientReference, a.webhookEndpointUuid];
}
const rowColumns = 'uuid, company_id, entity_id, mode, entry_uuid, as_of, workflow_id, source, client_reference, webhook_endpoint_uuid';
const rowPlaceholders = '?::uuid, ?, ?, ?, ?::uuid, ?::date, ?, ?, ?, ?::uuid';

/** The async create: the row, queued, and its `queued` event. */
export async function insertQueuedAnalysis(db: Executor, analysis: NewAnalysis): Promise<void> {
  await db.raw(
    `WITH a AS (INSERT INTO analyses (${rowColumns}) VALUES (${rowPlaceholders}) RETURNING id)
     INSERT INTO analysis_events (analysis_id, type) SELECT id, 'queued' FROM a`,
    rowValues(analysis),
  );
}

/** Async only: the row shows `running` while the snapshot loads. */
export async function markAnalysisStarted(db: Executor, uuid: string): Promise<void> {
  await db.raw(
    `WITH a AS (UPDATE analyses SET status = 'running', current_step = 'enrichment', started_at = coalesce(started_at, now())
                WHERE uuid = ?::uuid AND status IN ('queued', 'running') RETURNING id)
     INSERT INTO analysis_events (analysis_id, type) SELECT id, 'started' FROM a ON CONFLICT DO NOTHING`,
    [uuid],
  );
}

/**
 * Enrichment result. Creates the row when the API did not (sync mode saves that round trip);
 * never replaces a snapshot already persisted. Returns false when one was already there.
 */
export async function persistSnapshot(
  db: Executor,
  analysis: NewAnalysis,
  input: { snapshot: unknown; snapshotHash: string; startedAt: Date },
): Promise<boolean> {
  const result = await db.raw(
    `WITH a AS (
       INSERT INTO analyses (${rowColumns}, status, current_step, snapshot, snapshot_hash, started_at)
       VALUES (${rowPlaceholders}, 'running', 'scoring', ?::jsonb, ?, ?)
       ON CONFLICT (uuid) DO UPDATE SET status = 'running', current_step = 'scoring', snapshot = excluded.snapshot,
         snapshot_hash = excluded.snapshot_hash, started_at = coalesce(analyses.started_at, excluded.started_at)
       WHERE analyses.snapshot IS NULL AND analyses.status IN ('queued', 'running')
       RETURNING id),
     e AS (INSERT INTO analysis_events (analysis_id, type, occurred_at, details)
           SELECT id, 'started', ?, '{}'::jsonb FROM a UNION ALL
           SELECT id, 'enrichment_completed', clock_timestamp(), jsonb_build_object('snapshot_hash', ?::text) FROM a
           ON CONFLICT DO NOTHING)
     SELECT id FROM a`,
    [...rowValues(analysis), JSON.stringify(input.snapshot), input.snapshotHash, input.startedAt, input.startedAt, input.snapshotHash],
  );
  return result.rows.length === 1;
}

export type VerdictColumns = {
  verdict: unknown;
  score: number;
  riskLevel: string;
  inputFingerprint: string;
  verdictFingerprint: string;
  engineFingerprint: string;
  rulesVersion: string;
};

/** Scoring result; ignored when a verdict is already there or the analysis has failed. */
export async function persistVerdict(db: Executor, uuid: string, v: VerdictColumns): Promise<boolean> {
  const result = await db.raw(
    `WITH a AS (UPDATE analyses SET verdict = ?::jsonb, score = ?, risk_level = ?, input_fingerprint = ?, verdict_fingerprint = ?,
                  engine_fingerprint = ?, rules_version = ?, current_step = 'graph'
                WHERE uuid = ?::uuid AND verdict IS NULL AND status = 'running' RETURNING id),
     e AS (INSERT INTO analysis_events (analysis_id, type, details)
           SELECT id, 'scoring_completed', jsonb_build_object('score', ?::int, 'risk_level', ?::text, 'verdict_fingerprint', ?::text) FROM a
           ON CONFLICT DO NOTHING)
     SELECT id FROM a`,
    [JSON.stringify(v.verdict), v.score, v.riskLevel, v.inputFingerprint, v.verdictFingerprint, v.engineFingerprint, v.rulesVersion, uuid, v.score, v.riskLevel, v.verdictFingerprint],
  );
  return result.rows.length === 1;
}

export async function persistGraph(db: Executor, uuid: string, graph: unknown, details: Record<string, unknown>): Promise<boolean> {
  const result = await db.raw(
    `WITH a AS (UPDATE analyses SET graph = ?::jsonb, current_step = 'finalize'
                WHERE uuid = ?::uuid AND graph IS NULL AND status = 'running' RETURNING id),
     e AS (INSERT INTO analysis_events (analysis_id, type, details) SELECT id, 'graph_completed', ?::jsonb FROM a ON CONFLICT DO NOTHING)
     SELECT id FROM a`,
    [JSON.stringify(graph), uuid, JSON.stringify(details)],
  );
  return result.rows.length === 1;
}

export type CompletedAnalysis = VerdictColumns & {
  snapshot: unknown;
  snapshotHash: string;
  startedAt: Date;
  graph: unknown;
  graphDetails: Record<string, unknown>;
  /** The graph key index rows (graph area, domain/graph/graph-key-index.ts graphKeyEntries). */
  graphKeys: unknown[];
};

/**
 * Sync fast path: a sync analysis is unreadable until it answers, so all of its writes (the row,
 * completed, with snapshot, verdict and graph; its five lifecycle events; the graph key index)
 * go in ONE statement instead of six: one round trip, one commit. Inserts only when no row
 * exists: false means an earlier attempt wrote something, and the caller falls back to the
 * guarded step-by-step writes, which resume from any partial state.
 */
export async function persistCompletedAnalysis(db: Executor, analysis: NewAnalysis, c: CompletedAnalysis): Promise<boolean> {
  const result = await db.raw(
    `WITH a AS (
       INSERT INTO analyses (${rowColumns}, status, current_step, snapshot, snapshot_hash, started_at, verdict, score, risk_level,
                             input_fingerprint, verdict_fingerprint, engine_fingerprint, rules_version, graph, completed_at)
       VALUES (${rowPlaceholders}, 'completed', 'completed', ?::jsonb, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?::jsonb, clock_timestamp())
       ON CONFLICT (uuid) DO NOTHING
       RETURNING id, company_id),
     e AS (INSERT INTO analysis_events (analysis_id, type, occurred_at, details)
           SELECT id, 'started', ?::timestamptz, '{}'::jsonb FROM a UNION ALL
           SELECT id, 'enrichment_completed', clock_timestamp(), jsonb_build_object('snapshot_hash', ?::text) FROM a UNION ALL
           SELECT id, 'scoring_completed', clock_timestamp(), jsonb_build_object('score', ?::int, 'risk_level', ?::text, 'verdict_fingerprint', ?::text) FROM a UNION ALL
           SELECT id, 'graph_completed', clock_timestamp(), ?::jsonb FROM a UNION ALL
           SELECT id, 'completed', clock_timestamp(), jsonb_build_object('score', ?::int, 'risk_level', ?::text) FROM a),
     k AS (INSERT INTO analysis_graph_keys (analysis_id, company_id, ${graphKeyColumns})
           SELECT a.id, a.company_id, ${graphKeyColumns} FROM a, json_to_recordset(?::json) AS x(${graphKeyTypes})
            ORDER BY x.key)
     SELECT id FROM a`,
    [
      ...rowValues(analysis), JSON.stringify(c.snapshot), c.snapshotHash, c.startedAt, JSON.stringify(c.verdict), c.score, c.riskLevel,
      c.inputFingerprint, c.verdictFingerprint, c.engineFingerprint, c.rulesVersion, JSON.stringify(c.graph),
      c.startedAt, c.snapshotHash, c.score, c.riskLevel, c.verdictFingerprint, JSON.stringify(c.graphDetails), c.score, c.riskLevel,
      JSON.stringify(c.graphKeys),
    ],
  );
  return result.rows.length === 1;
}

/** Must match db/repositories/analysis-graph-repository.ts indexAnalysisGraph (graph area). */
const graphKeyColumns = 'key, parent_key, via_edge_key, depth, direction, contains_cycle, equivalent_path_count, truncated';
const graphKeyTypes = 'key text, parent_key text, via_edge_key text, depth int, direction text, contains_cycle boolean, equivalent_path_count int, truncated boolean';

/** Final step: completed only with a verdict (the table's check constraint insists too). */
export async function markAnalysisCompleted(db: Executor, uuid: string): Promise<void> {
  await db.raw(
    `WITH a AS (UPDATE analyses SET status = 'completed', current_step = 'completed', completed_at = now()
                WHERE uuid = ?::uuid AND status = 'running' AND verdict IS NOT NULL RETURNING id, score, risk_level)
     INSERT INTO analysis_events (analysis_id, type, details)
     SELECT id, 'completed', jsonb_build_object('score', score, 'risk_level', risk_level) FROM a ON CONFLICT DO NOTHING`,
    [uuid],
  );
}

/** Failure: nothing half-written stays (verdict, score, graph cleared); the snapshot stays for diagnosis. */
export async function markAnalysisFailed(db: Executor, uuid: string, error: { code: string; message: string }): Promise<void> {
  await db.raw(
    `WITH a AS (UPDATE analyses SET status = 'failed', current_step = 'failed', completed_at = now(), error = ?::jsonb,
                  verdict = NULL, score = NULL, risk_level = NULL, verdict_fingerprint = NULL, input_fingerprint = NULL,
                  engine_fingerprint = NULL, rules_version = NULL, graph = NULL
                WHERE uuid = ?::uuid AND status <> 'completed' RETURNING id)
     INSERT INTO analysis_events (analysis_id, type, details) SELECT id, 'failed', ?::jsonb FROM a ON CONFLICT DO NOTHING`,
    [JSON.stringify(error), uuid, JSON.stringify(error)],
  );
}

/** Sync failure (spec §7: nothing persisted) and compensation of a create whose start failed. */
export async function deleteAnalysis(db: Executor, uuid: string): Promise<void> {
  await db('analyses').where({ uuid }).whereNot({ status: 'completed' }).delete();
}
