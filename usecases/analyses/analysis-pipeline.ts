import type { UsecaseDeps } from '../usecase-deps';
import { type AnalysisSummary, type AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { Verdict } from '../../domain/analysis/verdict';
import { snapshotHash as hashSnapshot } from '../../domain/scoring/snapshot-fingerprints';
import type { Executor } from '../../db/create-db';
import { markAnalysisCompleted } from '../../db/repositories/analyses/analysis-repository';
import { toNewAnalysisRow, verdictColumnsOf } from './analysis-row-values';
import { persistGraph, persistSnapshot, persistVerdict } from '../../db/repositories/analyses/analysis-step-writes';
import { persistCompletedAnalysis } from '../../db/repositories/analyses/completed-analysis-write';
import { AnalysisDataError, computeOrFail, inStep } from './analysis-failures';
import { computeGraph, computeVerdict, loadRunSnapshot } from './analysis-step-computations';
import { type AnalysisRun, type AnalysisRunCache, createAnalysisRunReader } from './analysis-run-cache';
import { summarize } from './analysis-summary';
import { actorRef, SYSTEM_ACTOR } from '../../domain/actor';
import { recordAuditEvent, recordAuditEventAs } from '../audit/record-audit-event';

/**
 * The one analysis pipeline: enrichment → scoring → graph → finalize. The async workflow runs the
 * steps one by one, each an idempotent write keyed by the analysis uuid that resumes from whatever
 * an earlier attempt persisted (each readable as it lands). A sync run executes the very same
 * computations (analysis-step-computations.ts) and writes their four results at once, so that a
 * retried sync run cannot take another path.
 */
export function createAnalysisPipeline(deps: Pick<UsecaseDeps, 'db' | 'clock'>, cache: AnalysisRunCache) {
  const { db } = deps;
  const { storedRun, runOf } = createAnalysisRunReader(cache);

  /** Step 1. A snapshot persisted by an earlier attempt wins. */
  async function enrich(exec: Executor, input: AnalysisWorkflowInput, startedAt = new Date()): Promise<AnalysisRun> {
    const snapshot = await loadRunSnapshot(exec, input);
    const snapshotHash = computeOrFail('enrichment', () => hashSnapshot(snapshot));
    const run = (await persistSnapshot(exec, toNewAnalysisRow(input), { snapshot, snapshotHash, startedAt })) ? { snapshot, snapshotHash } : await storedRun(exec, input.uuid);
    if (!run) throw new AnalysisDataError(`analysis ${input.uuid} is no longer running`);
    cache.set(input.uuid, run);
    return run;
  }

  /** Step 2, on the persisted snapshot; a verdict persisted first (a retry) is the one of record. */
  async function score(exec: Executor, uuid: string, run: AnalysisRun): Promise<Verdict> {
    if (run.verdict) return run.verdict;
    const verdict = computeVerdict(run.snapshot);
    // The snapshot went through jsonb and back since enrichment hashed it.
    if (run.snapshotHash !== verdict.versions.snapshot_hash) throw new AnalysisDataError(`analysis ${uuid}: verdict snapshot_hash differs from the persisted snapshot`);
    const written = await persistVerdict(exec, uuid, verdictColumnsOf(verdict));
    const stored = written ? verdict : (await storedRun(exec, uuid))?.verdict;
    if (!stored) throw new AnalysisDataError(`analysis ${uuid} is no longer running`);
    cache.set(uuid, { ...run, verdict: stored });
    return stored;
  }

  /** Step 3. */
  async function graph(exec: Executor, input: AnalysisWorkflowInput, run: AnalysisRun, verdict: Verdict) {
    const built = computeGraph(input, run.snapshot, verdict);
    await persistGraph(exec, input.uuid, built.graph, built.details);
    return built.details;
  }

  /** Step 4. Completed; the response is built here so that the caller needs no read-back. */
  async function complete(exec: Executor, uuid: string, verdict: Verdict): Promise<AnalysisSummary> {
    await exec.transaction(async (trx) => {
      const completed = await markAnalysisCompleted(trx, uuid);
      if (completed) {
        await recordAuditEvent({ ...deps, db: trx }, SYSTEM_ACTOR, {
          companyId: completed.companyId,
          action: 'analysis.completed',
          resource: { type: 'analysis', uuid },
          changes: { status: 'completed', score: completed.score, risk_level: completed.riskLevel },
        });
      }
    });
    cache.drop(uuid);
    return summarize(uuid, verdict);
  }

  /**
   * Sync: the same four computations, then their results in ONE statement (its own transaction, one
   * row version; db/repositories/completed-analysis-write.ts). Nobody may read a sync analysis
   * before it answers, and a retry finds everything or nothing: no partial state to resume from,
   * so every attempt takes this one path. A failure names its step.
   */
  async function runInOneWrite(input: AnalysisWorkflowInput): Promise<AnalysisSummary> {
    const startedAt = new Date();
    const snapshot = await inStep('enrichment', () => loadRunSnapshot(db, input));
    const verdict = await inStep('scoring', async () => computeVerdict(snapshot));
    const built = await inStep('graph', async () => computeGraph(input, snapshot, verdict));
    return inStep('finalize', async () => {
      // Scoring hashed this very object (loadSnapshot returns the canonical form): no second pass.
      const completed = { snapshot, snapshotHash: verdict.versions.snapshot_hash, startedAt, ...verdictColumnsOf(verdict), graph: built.graph, graphDetails: built.details };
      // The analysis and its audit event (by whoever asked for it) commit together.
      const persisted = await db.transaction(async (trx) => {
        if (!(await persistCompletedAnalysis(trx, toNewAnalysisRow(input), completed))) return false;
        await recordAuditEventAs({ ...deps, db: trx, requestId: input.requestedBy?.requestId ?? null }, input.requestedBy?.actor ?? actorRef(SYSTEM_ACTOR), {
          companyId: input.companyId,
          action: 'analysis.created',
          resource: { type: 'analysis', uuid: input.uuid },
          changes: { status: 'completed', mode: input.mode, entity_id: input.entityId, source: input.source, score: verdict.risk.score, risk_level: verdict.risk.risk_level },
        });
        return true;
      });
      if (persisted) return summarize(input.uuid, verdict);
      // An earlier attempt committed this analysis: its verdict is the one of record.
      const stored = await storedRun(db, input.uuid);
      if (!stored?.verdict) throw new AnalysisDataError(`analysis ${input.uuid} is no longer running`);
      return summarize(input.uuid, stored.verdict);
    });
  }

  return { enrich, score, graph, complete, runOf, runInOneWrite };
}

export type AnalysisPipeline = ReturnType<typeof createAnalysisPipeline>;
