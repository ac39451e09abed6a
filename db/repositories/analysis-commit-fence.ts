import type { Executor } from '../create-db';

/**
 * An async analysis' workflow starts inside the transaction that records the queued analysis, so
 * that an accepted analysis always has its workflow: an api killed between a commit and a start
 * left queued rows nothing would ever run (test/integration/horizontal-scale.test.ts). The
 * workflow, eagerly started, usually runs before that commit: the creating transaction holds a
 * transaction-scoped advisory lock per analysis until it ends, and the run's first step waits on
 * it (analysis-repository.ts markAnalysisStarted) before it reads, as webhook deliveries do
 * (webhook-publication-repository.ts).
 */

/** This module's own advisory-lock namespace (two-key form; webhook events use 7106). */
export const analysisFenceLockClass = 7107;

/** Holds the analysis' fence until the surrounding transaction ends. */
export async function fenceNewAnalysis(trx: Executor, analysisUuid: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(?, hashtext(?::text))', [analysisFenceLockClass, analysisUuid]);
}
