import { ANALYSIS_WORKFLOW_VERSION, type AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { Snapshot } from '../../domain/analysis/snapshot';
import type { Verdict } from '../../domain/analysis/verdict';
import { NotFoundError } from '../../domain/errors';
import { buildAnalysisGraph } from '../../domain/graph/build-analysis-graph';
import { ruleCatalogRegistry } from '../../domain/rules/catalog-registry';
import { scoreSnapshot } from '../../domain/scoring/score-snapshot';
import type { WatchlistCode } from '../../domain/watchlists/watchlist-entry';
import type { Executor } from '../../db/create-db';
import { AnalysisDataError, computeOrFail } from './analysis-failures';
import { buildSnapshot } from './build-snapshot';

/** The settings enrichment applies that are not in the workflow input (configuration of the running process). */
export type EnrichmentSettings = { watchlistFreshnessDays?: Readonly<Record<WatchlistCode, number>> };

/**
 * What each step of the analysis pipeline computes, apart from what it writes: the async steps
 * and the sync run call these same functions (usecases/analyses/analysis-pipeline.ts).
 */
/** Enrichment's computation: what the entity store knows at as_of, frozen. */
export async function loadRunSnapshot(exec: Executor, input: AnalysisWorkflowInput, settings: EnrichmentSettings = {}): Promise<Snapshot> {
  return buildSnapshot(exec, {
    subjectEntityId: input.entityId, asOf: input.asOf, maxDepth: input.maxDepth, maxNodes: input.maxNodes, uboThresholdPercent: input.uboThresholdPercent,
    watchlistFreshnessDays: settings.watchlistFreshnessDays,
  }).catch((error) => {
    // The subject vanished after the request resolved it: no retry brings it back.
    throw error instanceof NotFoundError ? new AnalysisDataError(`subject entity ${input.entityId} not found`) : error;
  });
}

/** Scoring's computation: the pure engine, with the newest rule catalog (older verdicts replay under their own). */
export const computeVerdict = (snapshot: Snapshot): Verdict =>
  computeOrFail('scoring', () => scoreSnapshot(snapshot, ruleCatalogRegistry.current, { analysisWorkflowVersion: ANALYSIS_WORKFLOW_VERSION }));

/** The graph step's computation (docs/graph.md); signals carry score and pillar for severities and proceedings. */
export function computeGraph(input: AnalysisWorkflowInput, snapshot: Snapshot, verdict: Verdict) {
  const signals = verdict.signals.map((s) => ({ code: s.code, identified: s.identified, observed_entity_ids: s.observed_entity_ids, graph_paths: s.graph_paths, score: s.score, pillar: s.pillar }));
  const graph = computeOrFail('graph', () => buildAnalysisGraph(snapshot, signals, { maxDepth: input.maxDepth, maxNodes: input.maxNodes, uboThresholdPercent: input.uboThresholdPercent }));
  return { graph, details: { nodes: graph.graph.nodes.length, edges: graph.graph.edges.length, truncated: graph.graph.truncated } };
}
