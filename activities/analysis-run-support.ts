import { ApplicationFailure } from '@temporalio/common';
import type { EvaluatedSignal, RiskLevel, SubjectProfile, Verdict } from '../domain/analysis/verdict';
import type { Snapshot } from '../domain/analysis/snapshot';
import { buildAnalysisGraph } from '../domain/graph/build-analysis-graph';
import type { NewAnalysis } from '../db/repositories/analysis-row';

/** What the analysis activities share: their input and output types, failure typing, the run cache. */
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

export function deterministic<T>(step: string, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw ApplicationFailure.nonRetryable(`${step}: ${message}`, DETERMINISTIC_FAILURE);
  }
}

export type Cached = { snapshot: Snapshot; snapshotHash: string; verdict?: Verdict };

/**
 * Snapshots and verdicts are immutable once persisted, so the worker that just wrote one keeps
 * it for the next step of the same analysis (local activities run in this process). A retry on
 * another worker, or after eviction, reads Postgres: the cache is an optimisation, never a source.
 */
export function createRunCache(limit: number) {
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

/** A failure of the one-activity run names the step it happened in (the workflow's memo `failed_step`). */
export async function inStep<T>(step: 'enrichment' | 'scoring' | 'graph' | 'finalize', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const failure = error instanceof ApplicationFailure ? error : undefined;
    throw ApplicationFailure.create({
      message: error instanceof Error ? error.message : String(error),
      type: failure?.type ?? (error instanceof Error ? error.name : 'Error'),
      nonRetryable: failure?.nonRetryable ?? false,
      details: [{ step }],
    });
  }
}

export type GraphInput = { uuid: string; maxDepth: number; maxNodes: number; uboThresholdPercent: number };

/** The relationship graph (spec §2.7); signals carry score and pillar for severities and proceedings. */
export function buildGraph(input: GraphInput, snapshot: Snapshot, verdict: Verdict) {
  const signals = verdict.signals.map((s: EvaluatedSignal) => ({ code: s.code, identified: s.identified, observed_entity_ids: s.observed_entity_ids, graph_paths: s.graph_paths, score: s.score, pillar: s.pillar }));
  const graph = deterministic('graph', () => buildAnalysisGraph(snapshot, signals, { maxDepth: input.maxDepth, maxNodes: input.maxNodes, uboThresholdPercent: input.uboThresholdPercent }));
  return { graph, details: { nodes: graph.graph.nodes.length, edges: graph.graph.edges.length, truncated: graph.graph.truncated } };
}

/** The sync response body: a summary, never the whole verdict, travels through Temporal. */
export function summarize(uuid: string, v: Verdict): AnalysisSummary {
  const { rules_version, engine_fingerprint, input_fingerprint, verdict_fingerprint, snapshot_hash } = v.versions;
  return { uuid, risk: { score: v.risk.score, risk_level: v.risk.risk_level }, subject: v.subject, versions: { rules_version, engine_fingerprint, input_fingerprint, verdict_fingerprint, snapshot_hash } };
}
