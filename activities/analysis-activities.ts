import type { RiskLevel } from '../domain/analysis/verdict';
import { deleteAnalysis, markAnalysisFailed, markAnalysisStarted } from '../db/repositories/analysis-repository';
import { loadAnalysisColumns } from '../db/repositories/analysis-read-repository';
import type { ActivityDeps } from './index';
import { AnalysisRunInput, AnalysisSummary, createRunCache, GraphInput } from './analysis-run-support';
import { createAnalysisSteps } from './analysis-steps';
import { runSyncAnalysisSteps } from './sync-analysis-run';

export type { AnalysisRunInput, AnalysisSummary } from './analysis-run-support';
export { DETERMINISTIC_FAILURE } from './analysis-run-support';

export function createAnalysisActivities(deps: ActivityDeps) {
  const { db } = deps;
  const cache = createRunCache(64);
  const steps = createAnalysisSteps(db, cache);

  return {
    /** Sync: all four steps in one local activity (activities/sync-analysis-run.ts). */
    async runAnalysis(input: AnalysisRunInput & { workflowVersion: string }): Promise<AnalysisSummary> {
      const summary = await runSyncAnalysisSteps(db, steps, input);
      // Committed: a request waiting in this process may answer now (infra/sync-run-board.ts).
      deps.syncRuns?.report(input.uuid, { ok: true, value: summary });
      return summary;
    },

    /** Async step 1: snapshot_hash is readable from here on. */
    async enrichAnalysis(input: AnalysisRunInput): Promise<{ snapshotHash: string }> {
      const existing = await loadAnalysisColumns(db, input.uuid, ['snapshot_hash']);
      if (existing?.snapshot_hash) return { snapshotHash: existing.snapshot_hash };
      // Async analyses read `running` while the snapshot loads.
      if (input.mode === 'async') await markAnalysisStarted(db, input.uuid);
      const run = await steps.enrich(input);
      cache.set(input.uuid, run);
      return { snapshotHash: run.snapshotHash };
    },

    /** Async step 2. */
    async scoreAnalysis({ uuid, workflowVersion }: { uuid: string; workflowVersion: string }): Promise<{ score: number; riskLevel: RiskLevel }> {
      const run = await steps.cachedRun(uuid, false);
      const verdict = await steps.score(uuid, run, workflowVersion);
      cache.set(uuid, { ...run, verdict });
      return { score: verdict.risk.score, riskLevel: verdict.risk.risk_level };
    },

    /** Async step 3: analyses.graph is null until this step is done. */
    async persistAnalysisGraph(input: GraphInput): Promise<{ nodes: number; edges: number; truncated: boolean }> {
      const run = await steps.cachedRun(input.uuid, true);
      return steps.graph(input, run.snapshot, run.verdict!);
    },

    /** Async step 4. */
    async completeAnalysis(uuid: string): Promise<AnalysisSummary> {
      const run = await steps.cachedRun(uuid, true);
      return steps.complete(uuid, run.verdict!);
    },

    /**
     * Failure: async analyses stay readable as `failed` without any verdict; sync ones are
     * removed entirely (spec §7: nothing persisted, repeating the call is safe).
     */
    async failAnalysis(input: { uuid: string; mode: 'sync' | 'async'; code: string; message: string }): Promise<void> {
      cache.drop(input.uuid);
      if (input.mode === 'sync') {
        await deleteAnalysis(db, input.uuid);
        deps.syncRuns?.report(input.uuid, { ok: false });
      } else await markAnalysisFailed(db, input.uuid, { code: input.code, message: input.message.slice(0, 500) });
    },
  };
}
