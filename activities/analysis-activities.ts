import { ApplicationFailure } from '@temporalio/common';
import type { EvaluatedSignal, RiskLevel, SubjectProfile, Verdict } from '../domain/analysis/verdict';
import type { Snapshot } from '../domain/analysis/snapshot';
import { NotFoundError } from '../domain/errors';
import { buildAnalysisGraph } from '../domain/graph/build-analysis-graph';
import { canonicalizeSnapshot } from '../domain/scoring/canonical-snapshot';
import { scoreSnapshot } from '../domain/scoring/score-snapshot';
import { snapshotHash as hashSnapshot } from '../domain/scoring/snapshot-fingerprints';
import {
  deleteAnalysis,
  loadAnalysisColumns,
  markAnalysisCompleted,
  markAnalysisFailed,
  markAnalysisStarted,
  NewAnalysis,
  persistGraph,
  persistSnapshot,
  persistVerdict,
} from '../db/repositories/analysis-repository';
import { loadSnapshot } from '../db/repositories/snapshot-repository';
import type { ActivityDeps } from './index';

/** Everything the workflow knows: ids and parameters, never datasets. */
export type AnalysisRunInput = NewAnalysis & {
  companyUuid: string;
  maxDepth: number;
  maxNodes: number;
  uboThresholdPercent: number;
};

/** The sync response body of spec §2.2, returned by the workflow itself (no read-back). */
export type AnalysisSummary = {
  uuid: string;
  risk: { score: number; risk_level: RiskLevel };
  subject: SubjectProfile;
  versions: { rules_version: string; engine_fingerprint: string; input_fingerprint: string; verdict_fingerprint: string; snapshot_hash: string };
};

/** A failure that no retry can cure (bad data, an engine invariant): the workflow fails at once. */
export const DETERMINISTIC_FAILURE = 'DeterministicAnalysisError';

function deterministic<T>(step: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw ApplicationFailure.nonRetryable(`${step}: ${message}`, DETERMINISTIC_FAILURE);
  }
}

type Cached = { snapshot: Snapshot; snapshotHash: string; verdict?: Verdict };

/**
 * Snapshots and verdicts are immutable once persisted, so the worker that just wrote one keeps
 * it for the next step of the same analysis (local activities run in this process). A retry on
 * another worker, or after eviction, reads Postgres: the cache is an optimisation, never a source.
 */
function createRunCache(limit: number) {
  const entries = new Map<string, Cached>();
  return {
    get: (uuid: string) => entries.get(uuid),
    set: (uuid: string, value: Cached) => {
      entries.delete(uuid);
      entries.set(uuid, value);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
    drop: (uuid: string) => entries.delete(uuid),
  };
}

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

  return {
    /** Step 1: freeze what the entity store knows at as_of; snapshot_hash is readable from here on. */
    async enrichAnalysis(input: AnalysisRunInput): Promise<{ snapshotHash: string }> {
      const startedAt = new Date();
      const existing = await loadAnalysisColumns(db, input.uuid, ['snapshot_hash']);
      if (existing?.snapshot_hash) return { snapshotHash: existing.snapshot_hash };
      // Async analyses read `running` while the snapshot loads (sync ones have no reader yet).
      if (input.mode === 'async') await markAnalysisStarted(db, input.uuid);
      const loaded = await loadSnapshot(db, { subjectEntityId: input.entityId, asOf: input.asOf, maxDepth: input.maxDepth, maxNodes: input.maxNodes }).catch((error) => {
        // The subject vanished after the API resolved it: no retry brings it back.
        if (error instanceof NotFoundError) throw ApplicationFailure.nonRetryable(`subject entity ${input.entityId} not found`, DETERMINISTIC_FAILURE);
        throw error;
      });
      // Persisted in canonical order, so that the stored document itself hashes to snapshot_hash.
      const snapshot = deterministic('enrichment', () => canonicalizeSnapshot(loaded));
      const snapshotHash = deterministic('enrichment', () => hashSnapshot(snapshot));
      const written = await persistSnapshot(db, input, { snapshot, snapshotHash, startedAt });
      if (!written) {
        const row = await loadAnalysisColumns(db, input.uuid, ['snapshot_hash']);
        if (!row?.snapshot_hash) throw ApplicationFailure.nonRetryable(`analysis ${input.uuid} is no longer running`, DETERMINISTIC_FAILURE);
        return { snapshotHash: row.snapshot_hash };
      }
      cache.set(input.uuid, { snapshot, snapshotHash });
      return { snapshotHash };
    },

    /** Step 2: the pure engine on the persisted snapshot. */
    async scoreAnalysis({ uuid, workflowVersion }: { uuid: string; workflowVersion: string }): Promise<{ score: number; riskLevel: RiskLevel }> {
      const run = await cachedRun(uuid, false);
      const verdict = deterministic('scoring', () => scoreSnapshot(run.snapshot, undefined, { analysisWorkflowVersion: workflowVersion }));
      if (run.snapshotHash !== verdict.versions.snapshot_hash) {
        throw ApplicationFailure.nonRetryable(`analysis ${uuid}: verdict snapshot_hash differs from the persisted snapshot`, DETERMINISTIC_FAILURE);
      }
      const written = await persistVerdict(db, uuid, {
        verdict,
        score: verdict.risk.score,
        riskLevel: verdict.risk.risk_level,
        inputFingerprint: verdict.versions.input_fingerprint,
        verdictFingerprint: verdict.versions.verdict_fingerprint,
        engineFingerprint: verdict.versions.engine_fingerprint,
        rulesVersion: verdict.versions.rules_version,
      });
      // A retry after a crash keeps the verdict written first (same snapshot → same verdict anyway).
      const kept = written ? verdict : (await cachedRun(uuid, true)).verdict!;
      cache.set(uuid, { ...run, verdict: kept });
      return { score: kept.risk.score, riskLevel: kept.risk.risk_level };
    },

    /** Step 3: the relationship graph of the analysis (spec §2.7), null until this step is done. */
    async persistAnalysisGraph(input: { uuid: string; maxDepth: number; maxNodes: number; uboThresholdPercent: number }): Promise<{ nodes: number; edges: number; truncated: boolean }> {
      const run = await cachedRun(input.uuid, true);
      const signals = run.verdict!.signals.map((s: EvaluatedSignal) => ({ code: s.code, identified: s.identified, observed_entity_ids: s.observed_entity_ids, graph_paths: s.graph_paths }));
      const graph = deterministic('graph', () =>
        buildAnalysisGraph(run.snapshot, signals, { maxDepth: input.maxDepth, maxNodes: input.maxNodes, uboThresholdPercent: input.uboThresholdPercent }),
      );
      const details = { nodes: graph.graph.nodes.length, edges: graph.graph.edges.length, truncated: graph.graph.truncated };
      await persistGraph(db, input.uuid, graph, details);
      return details;
    },

    /** Step 4: completed; returns the sync response so that the API needs no read-back. */
    async completeAnalysis(uuid: string): Promise<AnalysisSummary> {
      const run = await cachedRun(uuid, true);
      await markAnalysisCompleted(db, uuid);
      cache.drop(uuid);
      const v = run.verdict!;
      return {
        uuid,
        risk: { score: v.risk.score, risk_level: v.risk.risk_level },
        subject: v.subject,
        versions: {
          rules_version: v.versions.rules_version,
          engine_fingerprint: v.versions.engine_fingerprint,
          input_fingerprint: v.versions.input_fingerprint,
          verdict_fingerprint: v.versions.verdict_fingerprint,
          snapshot_hash: v.versions.snapshot_hash,
        },
      };
    },

    /**
     * Failure: async analyses stay readable as `failed` without any verdict; sync ones are
     * removed entirely (spec §7: nothing persisted, repeating the call is safe).
     */
    async failAnalysis(input: { uuid: string; mode: 'sync' | 'async'; code: string; message: string }): Promise<void> {
      cache.drop(input.uuid);
      if (input.mode === 'sync') await deleteAnalysis(db, input.uuid);
      else await markAnalysisFailed(db, input.uuid, { code: input.code, message: input.message.slice(0, 500) });
    },
  };
}
