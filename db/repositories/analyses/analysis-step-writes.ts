import type { Executor } from '../../create-db';
import type { AnalysisGraph } from '../../../domain/graph/types';
import { graphKeyEntries } from '../../../domain/graph/graph-key-index';
import { NewAnalysis, rowColumns, rowPlaceholders, rowValues, VerdictColumns } from './analysis-row';
import { graphKeyColumns, graphKeyTypes } from './graph-key-columns';

/**
 * The async steps' results, each ONE guarded statement with its lifecycle event: a retried step
 * writes nothing twice and reports (false) that an earlier attempt got there first.
 */
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

/**
 * Graph result and its key index (the graph area's, so that an expansion never reads the graph)
 * in one statement: the index of an analysis is all there or absent. Inserted in key order: a
 * denser primary key.
 */
export async function persistGraph(db: Executor, uuid: string, graph: AnalysisGraph, details: Record<string, unknown>): Promise<boolean> {
  const result = await db.raw(
    `WITH a AS (UPDATE analyses SET graph = ?::jsonb, current_step = 'finalize'
                WHERE uuid = ?::uuid AND graph IS NULL AND status = 'running' RETURNING id, company_id),
     e AS (INSERT INTO analysis_events (analysis_id, type, details) SELECT id, 'graph_completed', ?::jsonb FROM a ON CONFLICT DO NOTHING),
     k AS (INSERT INTO analysis_graph_keys (analysis_id, company_id, ${graphKeyColumns})
           SELECT a.id, a.company_id, ${graphKeyColumns} FROM a, json_to_recordset(?::json) AS x(${graphKeyTypes})
            ORDER BY x.key
           ON CONFLICT (analysis_id, key) DO NOTHING)
     SELECT id FROM a`,
    [JSON.stringify(graph), uuid, JSON.stringify(details), JSON.stringify(graphKeyEntries(graph.graph))],
  );
  return result.rows.length === 1;
}
