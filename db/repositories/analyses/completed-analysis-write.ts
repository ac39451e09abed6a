import type { Executor } from '../../create-db';
import type { AnalysisGraph } from '../../../domain/graph/types';
import { graphKeyEntries } from '../../../domain/graph/graph-key-index';
import { NewAnalysis, rowColumns, rowPlaceholders, rowValues, VerdictColumns } from './analysis-row';
import { graphKeyColumns, graphKeyTypes } from './graph-key-columns';

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
 * key index the four step writes (analysis-step-writes.ts, markAnalysisCompleted) leave behind —
 * test/integration/analysis-pipeline-writes.test.ts holds the two shapes to that. Four updates
 * of one row cost three dead versions and an entry in every analyses index each (issue 13's
 * benchmark: a quarter of the sync throughput). Inserts only when no row exists: false means an
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
      ...rowValues(analysis), JSON.stringify(c.snapshot), c.snapshotHash, c.startedAt, JSON.stringify(c.verdict), c.score, c.riskLevel,
      c.inputFingerprint, c.verdictFingerprint, c.engineFingerprint, c.rulesVersion, JSON.stringify(c.graph),
      c.startedAt, c.snapshotHash, c.score, c.riskLevel, c.verdictFingerprint, JSON.stringify(c.graphDetails), c.score, c.riskLevel,
      JSON.stringify(graphKeyEntries(c.graph.graph)),
    ],
  );
  return result.rows.length === 1;
}
