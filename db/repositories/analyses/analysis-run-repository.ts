import type { Executor } from '../../create-db';
import { awaitCommitFenceSql, holdCommitFence, uuidLiteral } from '../commit-fence';
import type { AnalysisGraph } from '../../../domain/graph/types';
import { graphKeyEntries } from '../../../domain/graph/graph-key-index';
import { NewAnalysis, rowColumns, rowPlaceholders, rowValues, VerdictColumns } from './analysis-row';
import { graphKeyColumns, graphKeyTypes } from './analysis-graph-repository';

/**
 * An async analysis' workflow starts inside the transaction that records the queued analysis, so
 * that an accepted analysis always has its workflow: an api killed between a commit and a start
 * left queued rows nothing would ever run (test/integration/horizontal-scale.test.ts). The
 * workflow, eagerly started, usually runs before that commit: the creating transaction holds a
 * transaction-scoped advisory lock per analysis until it ends, and the run's first step waits on
 * it (markAnalysisStarted below) before it reads (commit-fence.ts), as webhook deliveries do
 * (webhook-publication-repository.ts).
 */

/** Holds the analysis' fence until the surrounding transaction ends. */
export async function fenceNewAnalysis(trx: Executor, analysisUuid: string): Promise<void> {
  await holdCommitFence(trx, 'analysis', analysisUuid);
}

/**
 * Async only: the row shows `running` while the snapshot loads. First waits for the creating
 * transaction's commit fence (above), in the same round trip (the simple
 * protocol: the uuid is checked and inlined). False when, once that transaction has ended, no
 * analysis with this uuid exists: its creation was rolled back and this run has nothing to do.
 */
export async function markAnalysisStarted(db: Executor, uuid: string): Promise<boolean> {
  const literal = uuidLiteral(uuid);
  if (!literal) return false;
  const results = (await db.raw(
    `${awaitCommitFenceSql('analysis', literal)};
     WITH a AS (UPDATE analyses SET status = 'running', current_step = 'enrichment', started_at = coalesce(started_at, now())
                WHERE uuid = ${literal}::uuid AND status IN ('queued', 'running') RETURNING id),
          e AS (INSERT INTO analysis_events (analysis_id, type) SELECT id, 'started' FROM a ON CONFLICT DO NOTHING)
     SELECT EXISTS (SELECT 1 FROM analyses WHERE uuid = ${literal}::uuid) AS present`,
  )) as unknown as { rows: { present: boolean }[] }[];
  return results[1].rows[0].present;
}

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
    [
      JSON.stringify(v.verdict),
      v.score,
      v.riskLevel,
      v.inputFingerprint,
      v.verdictFingerprint,
      v.engineFingerprint,
      v.rulesVersion,
      uuid,
      v.score,
      v.riskLevel,
      v.verdictFingerprint,
    ],
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

export type CompletedAnalysis = VerdictColumns & {
  snapshot: unknown;
  snapshotHash: string;
  startedAt: Date;
  graph: AnalysisGraph;
  graphDetails: Record<string, unknown>;
};

/**
 * A sync run's four step results in ONE statement, one round trip and one row version: the row
 * is born `completed` with the same columns, the same five lifecycle events and the same graph
 * key index the four step writes (persistSnapshot, persistVerdict, persistGraph above, markAnalysisCompleted) leave behind —
 * test/integration/analysis-pipeline-writes.test.ts holds the two shapes to that. Four updates
 * of one row cost three dead versions and an entry in every analyses index each (docs/analyses.md:
 * 116/s against 183/s in the analyses bench). Inserts only when no row exists: false means an
 * earlier attempt committed this analysis, whole, since this statement is all or nothing.
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
      ...rowValues(analysis),
      JSON.stringify(c.snapshot),
      c.snapshotHash,
      c.startedAt,
      JSON.stringify(c.verdict),
      c.score,
      c.riskLevel,
      c.inputFingerprint,
      c.verdictFingerprint,
      c.engineFingerprint,
      c.rulesVersion,
      JSON.stringify(c.graph),
      c.startedAt,
      c.snapshotHash,
      c.score,
      c.riskLevel,
      c.verdictFingerprint,
      JSON.stringify(c.graphDetails),
      c.score,
      c.riskLevel,
      JSON.stringify(graphKeyEntries(c.graph.graph)),
    ],
  );
  return result.rows.length === 1;
}
