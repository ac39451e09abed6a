import type { Executor } from '../../create-db';
import { awaitCommitFenceSql, holdCommitFence, uuidLiteral } from '../commit-fence';

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
