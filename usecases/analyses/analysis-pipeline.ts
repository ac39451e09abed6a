import type { Knex } from 'knex';
import { ANALYSIS_WORKFLOW_VERSION, type AnalysisSummary, type AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { Verdict } from '../../domain/analysis/verdict';
import { NotFoundError } from '../../domain/errors';
import { buildAnalysisGraph } from '../../domain/graph/build-analysis-graph';
import { scoreSnapshot } from '../../domain/scoring/score-snapshot';
import { snapshotHash as hashSnapshot } from '../../domain/scoring/snapshot-fingerprints';
import type { Executor } from '../../db/create-db';
import { markAnalysisCompleted } from '../../db/repositories/analysis-repository';
import { toNewAnalysisRow } from './analysis-row-of-input';
import { persistGraph, persistSnapshot, persistVerdict } from '../../db/repositories/analysis-step-writes';
import { loadSnapshot } from '../../db/repositories/snapshot-repository';
import { AnalysisDataError, computeOrFail, inStep } from './analysis-failures';
import { type AnalysisRun, type AnalysisRunCache, createAnalysisRunReader } from './analysis-run-cache';
import { summarize } from './analysis-summary';

/**
 * The one analysis pipeline: enrichment → scoring → graph → finalize, each an idempotent write
 * keyed by the analysis uuid that resumes from whatever an earlier attempt persisted. The async
 * workflow runs the steps one by one (each readable as it lands); a sync run executes the very
 * same steps inside ONE transaction (nobody may read it before it answers, and a retry finds
 * either everything or nothing), so a retried sync run cannot take another path.
 */
export function createAnalysisPipeline(db: Knex, cache: AnalysisRunCache) {
  const { storedRun, runOf } = createAnalysisRunReader(cache);

  /** Freezes what the entity store knows at as_of. A snapshot persisted by an earlier attempt wins. */
  async function enrich(exec: Executor, input: AnalysisWorkflowInput, startedAt = new Date()): Promise<AnalysisRun> {
    const snapshot = await loadSnapshot(exec, { subjectEntityId: input.entityId, asOf: input.asOf, maxDepth: input.maxDepth, maxNodes: input.maxNodes, uboThresholdPercent: input.uboThresholdPercent }).catch((error) => {
      // The subject vanished after the request resolved it: no retry brings it back.
      throw error instanceof NotFoundError ? new AnalysisDataError(`subject entity ${input.entityId} not found`) : error;
    });
    const snapshotHash = computeOrFail('enrichment', () => hashSnapshot(snapshot));
    const run = (await persistSnapshot(exec, toNewAnalysisRow(input), { snapshot, snapshotHash, startedAt })) ? { snapshot, snapshotHash } : await storedRun(exec, input.uuid);
    if (!run) throw new AnalysisDataError(`analysis ${input.uuid} is no longer running`);
    cache.set(input.uuid, run);
    return run;
  }

  /** The pure engine on the persisted snapshot; a verdict persisted first (a retry) is the one of record. */
  async function score(exec: Executor, uuid: string, run: AnalysisRun): Promise<Verdict> {
    if (run.verdict) return run.verdict;
    const verdict = computeOrFail('scoring', () => scoreSnapshot(run.snapshot, undefined, { analysisWorkflowVersion: ANALYSIS_WORKFLOW_VERSION }));
    if (run.snapshotHash !== verdict.versions.snapshot_hash) throw new AnalysisDataError(`analysis ${uuid}: verdict snapshot_hash differs from the persisted snapshot`);
    const v = verdict.versions;
    const written = await persistVerdict(exec, uuid, {
      verdict, score: verdict.risk.score, riskLevel: verdict.risk.risk_level, inputFingerprint: v.input_fingerprint,
      verdictFingerprint: v.verdict_fingerprint, engineFingerprint: v.engine_fingerprint, rulesVersion: v.rules_version,
    });
    const stored = written ? verdict : (await storedRun(exec, uuid))?.verdict;
    if (!stored) throw new AnalysisDataError(`analysis ${uuid} is no longer running`);
    cache.set(uuid, { ...run, verdict: stored });
    return stored;
  }

  /** The relationship graph (spec §2.7); signals carry score and pillar for severities and proceedings. */
  async function graph(exec: Executor, input: AnalysisWorkflowInput, run: AnalysisRun, verdict: Verdict) {
    const signals = verdict.signals.map((s) => ({ code: s.code, identified: s.identified, observed_entity_ids: s.observed_entity_ids, graph_paths: s.graph_paths, score: s.score, pillar: s.pillar }));
    const built = computeOrFail('graph', () => buildAnalysisGraph(run.snapshot, signals, { maxDepth: input.maxDepth, maxNodes: input.maxNodes, uboThresholdPercent: input.uboThresholdPercent }));
    const details = { nodes: built.graph.nodes.length, edges: built.graph.edges.length, truncated: built.graph.truncated };
    await persistGraph(exec, input.uuid, built, details);
    return details;
  }

  /** Completed; the sync response is built here so that the caller needs no read-back. */
  async function complete(exec: Executor, uuid: string, verdict: Verdict): Promise<AnalysisSummary> {
    await markAnalysisCompleted(exec, uuid);
    cache.drop(uuid);
    return summarize(uuid, verdict);
  }

  /** Sync: the same four steps in one transaction; a failure names its step. */
  async function runInOneTransaction(input: AnalysisWorkflowInput): Promise<AnalysisSummary> {
    const startedAt = new Date();
    try {
      return await db.transaction(async (trx) => {
        const run = await inStep('enrichment', () => enrich(trx, input, startedAt));
        const verdict = await inStep('scoring', () => score(trx, input.uuid, run));
        await inStep('graph', () => graph(trx, input, run, verdict));
        return inStep('finalize', () => complete(trx, input.uuid, verdict));
      });
    } finally {
      cache.drop(input.uuid);
    }
  }

  return { enrich, score, graph, complete, runOf, runInOneTransaction };
}

export type AnalysisPipeline = ReturnType<typeof createAnalysisPipeline>;
