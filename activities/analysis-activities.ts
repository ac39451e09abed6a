import type { AnalysisSummary, AnalysisWorkflowInput } from '../contracts/analysis-workflow-contract';
import type { RiskLevel } from '../domain/analysis/verdict';
import { openReviewCase } from '../usecases/cases/open-review-case';
import {
  cancelAnalysisRun,
  type CompletedRun,
  createAnalysisPipeline,
  createAnalysisRunCache,
  failAnalysisRun,
  startAnalysisRun,
} from '../usecases/analyses/support/analysis-run';
import { analysesTotal } from '../infra/metrics';
import { SYSTEM_ACTOR } from '../domain/actor';
import type { ActivityDeps } from './activity-deps';
import { asAnalysisActivity } from './analysis-failure';

/** The analysis steps as local activities (usecases/analyses/support/analysis-run.ts tells the story). */
export function createAnalysisActivities(deps: ActivityDeps) {
  const cache = createAnalysisRunCache(64);
  const pipeline = createAnalysisPipeline(deps, cache);

  /**
   * A verdict that requires review or escalation opens a case (docs/people-and-cases.md, "Cases"),
   * once: a retried step finds it. After the commit and the waiting caller's answer.
   */
  async function openCaseIfReviewWorthy(input: AnalysisWorkflowInput, completed: CompletedRun): Promise<void> {
    const { summary, review } = completed;
    await openReviewCase(deps, SYSTEM_ACTOR, {
      companyId: input.companyId,
      companyUuid: input.companyUuid,
      analysisUuid: input.uuid,
      review,
      riskLevel: summary.risk.risk_level,
      subject: summary.subject,
    });
  }

  return {
    /** Sync: the four step computations and their one write, in one local activity. */
    async runAnalysis(input: AnalysisWorkflowInput): Promise<AnalysisSummary> {
      const completed = await asAnalysisActivity(() => pipeline.runInOneWrite(input));
      analysesTotal.inc({ mode: 'sync', outcome: 'completed', risk_level: completed.summary.risk.risk_level });
      // Committed: a request waiting in this process may answer now (usecases/analyses/support/sync-run-board.ts).
      deps.syncRuns?.report(input.uuid, { ok: true, value: completed.summary });
      await openCaseIfReviewWorthy(input, completed);
      return completed.summary;
    },

    /** Async step 1: the row reads `running`, then snapshot_hash is readable. */
    async enrichAnalysis(input: AnalysisWorkflowInput): Promise<{ snapshotHash: string }> {
      return asAnalysisActivity(async () => {
        await startAnalysisRun(deps, SYSTEM_ACTOR, { uuid: input.uuid });
        const run = await pipeline.enrich(deps.db, input);
        return { snapshotHash: run.snapshotHash };
      });
    },

    /** Async step 2. */
    async scoreAnalysis(input: AnalysisWorkflowInput): Promise<{ score: number; riskLevel: RiskLevel }> {
      return asAnalysisActivity(async () => {
        const verdict = await pipeline.score(deps.db, input.uuid, await pipeline.runOf(deps.db, input.uuid, false));
        return { score: verdict.risk.score, riskLevel: verdict.risk.risk_level };
      });
    },

    /** Async step 3: analyses.graph is null until this step is done. */
    async persistAnalysisGraph(input: AnalysisWorkflowInput): Promise<{ nodes: number; edges: number; truncated: boolean }> {
      return asAnalysisActivity(async () => {
        const run = await pipeline.runOf(deps.db, input.uuid, true);
        return pipeline.graph(deps.db, input, run, run.verdict!);
      });
    },

    /** Async step 4. */
    async completeAnalysis(input: AnalysisWorkflowInput): Promise<AnalysisSummary> {
      const completed = await asAnalysisActivity(async () =>
        pipeline.complete(deps.db, input.uuid, (await pipeline.runOf(deps.db, input.uuid, true)).verdict!),
      );
      analysesTotal.inc({ mode: 'async', outcome: 'completed', risk_level: completed.summary.risk.risk_level });
      await openCaseIfReviewWorthy(input, completed);
      return completed.summary;
    },

    /** The end of a canceled async run: `canceled`, nothing half-written, quota given back. */
    async cancelAnalysis(input: { uuid: string }): Promise<{ canceled: boolean }> {
      cache.drop(input.uuid);
      const result = await cancelAnalysisRun(deps, SYSTEM_ACTOR, { uuid: input.uuid });
      if (result.canceled) analysesTotal.inc({ mode: 'async', outcome: 'canceled', risk_level: 'none' });
      return result;
    },

    /** The end of a failed run (sync: nothing kept; async: readable as failed). */
    async failAnalysis(input: { uuid: string; mode: AnalysisWorkflowInput['mode']; code: string; message: string }): Promise<void> {
      cache.drop(input.uuid);
      await failAnalysisRun(deps, SYSTEM_ACTOR, input);
      analysesTotal.inc({ mode: input.mode, outcome: 'failed', risk_level: 'none' });
      if (input.mode === 'sync') deps.syncRuns?.report(input.uuid, { ok: false });
    },
  };
}
