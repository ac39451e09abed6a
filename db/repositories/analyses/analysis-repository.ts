import type { Executor } from '../../create-db';
import { NewAnalysis, rowColumns, rowPlaceholders, rowValues } from './analysis-row';

/**
 * Analyses' lifecycle: every write is ONE statement (row update + its lifecycle event through a
 * CTE), atomic without a transaction round trip, and guarded by a condition on the row so that a
 * retried step writes nothing twice. The step results: analysis-run-repository.ts.
 */
/** The async create: the row, queued, and its `queued` event. */
export async function insertQueuedAnalysis(db: Executor, analysis: NewAnalysis): Promise<void> {
  await db.raw(
    `WITH a AS (INSERT INTO analyses (${rowColumns}) VALUES (${rowPlaceholders}) RETURNING id)
     INSERT INTO analysis_events (analysis_id, type) SELECT id, 'queued' FROM a`,
    rowValues(analysis),
  );
}

/** Final step: completed only with a verdict (the table's check constraint insists too). */
export async function markAnalysisCompleted(
  db: Executor,
  uuid: string,
): Promise<{ companyId: number; score: number; riskLevel: string } | null> {
  const { rows } = await db.raw(
    `WITH a AS (UPDATE analyses SET status = 'completed', current_step = 'completed', completed_at = now()
                WHERE uuid = ?::uuid AND status = 'running' AND verdict IS NOT NULL RETURNING id, company_id, score, risk_level),
     e AS (INSERT INTO analysis_events (analysis_id, type, details)
           SELECT id, 'completed', jsonb_build_object('score', score, 'risk_level', risk_level) FROM a ON CONFLICT DO NOTHING)
     SELECT company_id, score, risk_level FROM a`,
    [uuid],
  );
  // The change of this call, or null when an earlier attempt completed it.
  return rows.length === 1 ? { companyId: Number(rows[0].company_id), score: Number(rows[0].score), riskLevel: rows[0].risk_level } : null;
}

/** What a failed or canceled analysis no longer carries: everything computed from its snapshot. */
const computedColumnsCleared = `verdict = NULL, score = NULL, risk_level = NULL, verdict_fingerprint = NULL, input_fingerprint = NULL,
                  engine_fingerprint = NULL, rules_version = NULL, graph = NULL, graph_expansions = '[]'::jsonb`;

/** Failure: nothing half-written stays (verdict, score, graph and its key index cleared); the snapshot stays for diagnosis. */
export async function markAnalysisFailed(db: Executor, uuid: string, error: { code: string; message: string }): Promise<void> {
  await db.raw(
    `WITH a AS (UPDATE analyses SET status = 'failed', current_step = 'failed', completed_at = now(), error = ?::jsonb, ${computedColumnsCleared}
                WHERE uuid = ?::uuid AND status NOT IN ('completed', 'canceled') RETURNING id),
     k AS (DELETE FROM analysis_graph_keys WHERE analysis_id IN (SELECT id FROM a))
     INSERT INTO analysis_events (analysis_id, type, details) SELECT id, 'failed', ?::jsonb FROM a ON CONFLICT DO NOTHING`,
    [JSON.stringify(error), uuid, JSON.stringify(error)],
  );
}

/**
 * Cancellation (POST /workflows/{id}/cancel) of a run not finished yet: `canceled`, with nothing
 * half-written — no snapshot, verdict, graph or key index. Returns what the quota give-back
 * needs when this call made the change (undefined: already final).
 */
export async function markAnalysisCanceled(db: Executor, uuid: string): Promise<{ company_id: number; created_at: Date } | undefined> {
  const { rows } = await db.raw(
    `WITH a AS (UPDATE analyses SET status = 'canceled', current_step = 'canceled', completed_at = now(), snapshot = NULL, snapshot_hash = NULL,
                  error = '{"code": "canceled", "message": "the analysis was canceled"}'::jsonb, ${computedColumnsCleared}
                WHERE uuid = ?::uuid AND status IN ('queued', 'running') RETURNING id, company_id, created_at),
     k AS (DELETE FROM analysis_graph_keys WHERE analysis_id IN (SELECT id FROM a)),
     e AS (INSERT INTO analysis_events (analysis_id, type) SELECT id, 'canceled' FROM a ON CONFLICT DO NOTHING)
     SELECT company_id, created_at FROM a`,
    [uuid],
  );
  return rows[0];
}

/** Sync failure (docs/api-conventions.md: nothing persisted) and compensation of a create whose start failed. */
export async function deleteAnalysis(db: Executor, uuid: string): Promise<void> {
  await db('analyses').where({ uuid }).whereNot({ status: 'completed' }).delete();
}
