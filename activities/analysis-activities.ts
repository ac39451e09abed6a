import { ApplicationFailure } from '@temporalio/common';
import type { RiskLevel, Verdict } from '../domain/analysis/verdict';
import type { Snapshot } from '../domain/analysis/snapshot';
import { NotFoundError } from '../domain/errors';
import { graphKeyEntries } from '../domain/graph/graph-key-index';
import { scoreSnapshot } from '../domain/scoring/score-snapshot';
import { snapshotHash as hashSnapshot } from '../domain/scoring/snapshot-fingerprints';
import {
  deleteAnalysis,
  markAnalysisCompleted,
  markAnalysisFailed,
  markAnalysisStarted,
  persistCompletedAnalysis,
  persistGraph,
  persistSnapshot,
  persistVerdict,
} from '../db/repositories/analysis-repository';
import { indexAnalysisGraph } from '../db/repositories/analysis-graph-repository';
import { loadAnalysisColumns } from '../db/repositories/analysis-read-repository';
import { loadSnapshot } from '../db/repositories/snapshot-repository';
import type { ActivityDeps } from './index';
import {
  AnalysisRunInput, AnalysisSummary, buildGraph, Cached, createRunCache, deterministic, DETERMINISTIC_FAILURE, GraphInput, inStep, summarize,
} from './analysis-run-support';

export type { AnalysisRunInput, AnalysisSummary } from './analysis-run-support';
export { DETERMINISTIC_FAILURE } from './analysis-run-support';

export function createAnalysisActivities(deps: ActivityDeps) {
  const { db } = deps;
  const cache = createRunCache(64);

  async function cachedRun(uuid: string, needVerdict: boolean): Promise<Cached> {
    const hit = cache.get(uuid);
    if (hit && (!needVerdict || hit.verdict)) return hit;
    const row = await loadAnalysisColumns(db, uuid, needVerdict ? ['snapshot', 'snapshot_hash', 'verdict'] : ['snapshot', 'snapshot_hash']);
    if (!row?.snapshot) throw ApplicationFailure.nonRetryable(`analysis ${uuid} has no snapshot`, DETERMINISTIC_FAILURE);
    if (needVerdict && !row.verdict) throw ApplicationFailure.nonRetryable(`analysis ${uuid} has no verdict`, DETERMINISTIC_FAILURE);
    const value = { snapshot: row.snapshot as Snapshot, snapshotHash: row.snapshot_hash as string, verdict: (row.verdict ?? undefined) as Verdict | undefined };
    cache.set(uuid, value);
    return value;
  }

  /** The snapshot, in canonical order (loadSnapshot's contract): the stored document hashes to snapshot_hash. */
  async function loadSubjectSnapshot(input: AnalysisRunInput): Promise<Snapshot> {
    return loadSnapshot(db, { subjectEntityId: input.entityId, asOf: input.asOf, maxDepth: input.maxDepth, maxNodes: input.maxNodes }).catch((error) => {
      // The subject vanished after the API resolved it: no retry brings it back.
      if (error instanceof NotFoundError) throw ApplicationFailure.nonRetryable(`subject entity ${input.entityId} not found`, DETERMINISTIC_FAILURE);
      throw error;
    });
  }

  /** Freezes what the entity store knows at as_of. A snapshot persisted by an earlier attempt wins. */
  async function enrich(input: AnalysisRunInput): Promise<Cached> {
    const startedAt = new Date();
    const snapshot = await loadSubjectSnapshot(input);
    const snapshotHash = deterministic('enrichment', () => hashSnapshot(snapshot));
    if (await persistSnapshot(db, input, { snapshot, snapshotHash, startedAt })) return { snapshot, snapshotHash };
    const row = await loadAnalysisColumns(db, input.uuid, ['snapshot', 'snapshot_hash', 'verdict']);
    if (!row?.snapshot) throw ApplicationFailure.nonRetryable(`analysis ${input.uuid} is no longer running`, DETERMINISTIC_FAILURE);
    return { snapshot: row.snapshot as Snapshot, snapshotHash: row.snapshot_hash as string, verdict: (row.verdict ?? undefined) as Verdict | undefined };
  }

  /** The pure engine on the persisted snapshot; a verdict persisted first (a retry) is kept. */
  async function score(uuid: string, run: Cached, workflowVersion: string): Promise<Verdict> {
    const verdict = deterministic('scoring', () => scoreSnapshot(run.snapshot, undefined, { analysisWorkflowVersion: workflowVersion }));
    if (run.snapshotHash !== verdict.versions.snapshot_hash) {
      throw ApplicationFailure.nonRetryable(`analysis ${uuid}: verdict snapshot_hash differs from the persisted snapshot`, DETERMINISTIC_FAILURE);
    }
    const v = verdict.versions;
    const written = await persistVerdict(db, uuid, {
      verdict,
      score: verdict.risk.score,
      riskLevel: verdict.risk.risk_level,
      inputFingerprint: v.input_fingerprint,
      verdictFingerprint: v.verdict_fingerprint,
      engineFingerprint: v.engine_fingerprint,
      rulesVersion: v.rules_version,
    });
    // Same snapshot → same verdict anyway; the stored one is the one of record.
    return written ? verdict : (await cachedRun(uuid, true)).verdict!;
  }

  /** The relationship graph (spec §2.7); signals carry score and pillar for severities and proceedings. */
  async function graph(input: GraphInput, snapshot: Snapshot, verdict: Verdict) {
    const { graph: built, details } = buildGraph(input, snapshot, verdict);
    await persistGraph(db, input.uuid, built, details);
    // Its key index (graph area): idempotent, and rebuilt lazily if a crash falls between the two.
    await indexAnalysisGraph(db, input.uuid, built);
    return details;
  }

  /** Completed; the sync response is built here so that the API needs no read-back. */
  async function complete(uuid: string, v: Verdict): Promise<AnalysisSummary> {
    await markAnalysisCompleted(db, uuid);
    cache.drop(uuid);
    return summarize(uuid, v);
  }

  /**
   * Sync: the four steps back to back in ONE local activity — one activity marker in history
   * instead of four and no activation round trip between steps — and, since nobody can read a
   * sync analysis before it answers, all writes in ONE statement at the end (a failure of that
   * write is reported as step `finalize`). Idempotent: a retry that finds a row resumes through
   * the guarded per-step writes.
   */
  async function runSyncSteps(input: AnalysisRunInput & { workflowVersion: string }): Promise<AnalysisSummary> {
    const startedAt = new Date();
    const snapshot = await inStep('enrichment', () => loadSubjectSnapshot(input));
    const verdict = await inStep('scoring', async () => deterministic('scoring', () => scoreSnapshot(snapshot, undefined, { analysisWorkflowVersion: input.workflowVersion })));
    const built = await inStep('graph', async () => buildGraph(input, snapshot, verdict));
    const v = verdict.versions;
    const written = await inStep('finalize', () =>
      persistCompletedAnalysis(db, input, {
        // loadSnapshot returns the canonical form and scoring hashed exactly that: no second pass.
        snapshot, snapshotHash: v.snapshot_hash, startedAt,
        verdict, score: verdict.risk.score, riskLevel: verdict.risk.risk_level, inputFingerprint: v.input_fingerprint,
        verdictFingerprint: v.verdict_fingerprint, engineFingerprint: v.engine_fingerprint, rulesVersion: v.rules_version,
        graph: built.graph, graphDetails: built.details, graphKeys: graphKeyEntries(built.graph.graph),
      }),
    );
    if (written) return summarize(input.uuid, verdict);
    // A retry after an attempt that wrote something: resume through the guarded step writes.
    const run = await inStep('enrichment', () => enrich(input));
    const stored = await inStep('scoring', async () => run.verdict ?? (await score(input.uuid, run, input.workflowVersion)));
    await inStep('graph', () => graph(input, run.snapshot, stored));
    return inStep('finalize', () => complete(input.uuid, stored));
  }

  return {
    /** Sync: see runSyncSteps. */
    async runAnalysis(input: AnalysisRunInput & { workflowVersion: string }): Promise<AnalysisSummary> {
      const summary = await runSyncSteps(input);
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
      const run = await enrich(input);
      cache.set(input.uuid, run);
      return { snapshotHash: run.snapshotHash };
    },

    /** Async step 2. */
    async scoreAnalysis({ uuid, workflowVersion }: { uuid: string; workflowVersion: string }): Promise<{ score: number; riskLevel: RiskLevel }> {
      const run = await cachedRun(uuid, false);
      const verdict = await score(uuid, run, workflowVersion);
      cache.set(uuid, { ...run, verdict });
      return { score: verdict.risk.score, riskLevel: verdict.risk.risk_level };
    },

    /** Async step 3: analyses.graph is null until this step is done. */
    async persistAnalysisGraph(input: GraphInput): Promise<{ nodes: number; edges: number; truncated: boolean }> {
      const run = await cachedRun(input.uuid, true);
      return graph(input, run.snapshot, run.verdict!);
    },

    /** Async step 4. */
    async completeAnalysis(uuid: string): Promise<AnalysisSummary> {
      const run = await cachedRun(uuid, true);
      return complete(uuid, run.verdict!);
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
