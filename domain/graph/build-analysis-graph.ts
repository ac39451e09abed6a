import type { Snapshot } from '../analysis/snapshot';
import { declarationEdge, partyEdges, relationshipEdge } from './graph-edges';
import { entityNode, proceedingNode } from './graph-nodes';
import { classifyDepthBoundary } from './depth-boundary';
import { computePaths } from './graph-paths';
import { entityNodeKey } from './keys';
import { collectNetworkPeps } from './network-peps';
import { selectNetwork } from './network-bounds';
import { highlightSignals } from './signal-highlights';
import { resolveGraphOptions, type GraphOptions, type GraphSignal } from './graph-options';
import type { AnalysisGraph, GraphEdge, GraphLimitation, GraphNode } from './types';
import { resolveBeneficialOwners } from './ubo/resolve-beneficial-owners';
import { findOwnershipCycles } from '../snapshot-facts/cycles';
import { ownershipEdges } from '../snapshot-facts/ownership-edges';

export type { AnalysisGraph } from './types';
export type { GraphOptions, GraphSignal } from './graph-options';

/**
 * The relationship graph of an analysis (docs/graph.md), pure and deterministic: the same snapshot,
 * signals and options give the same object, byte for byte once canonicalised.
 */
export function buildAnalysisGraph(snapshot: Snapshot, signals: readonly GraphSignal[], given: GraphOptions): AnalysisGraph {
  // The snapshot's frozen threshold unless the caller overrides it: verdict and graph agree.
  const options = resolveGraphOptions({
    ...given,
    uboThresholdPercent: given.uboThresholdPercent ?? snapshot.parameters?.ubo_threshold_percent,
  });
  const selection = selectNetwork(snapshot, { maxDepth: options.maxDepth, maxNodes: options.maxNodes, maxFanOut: options.maxFanOut });
  const included = new Set(selection.order);
  const entities = new Map(snapshot.network.entities.map((e) => [e.entity_id, e]));
  const name = (id: number) => entities.get(id)?.display_name ?? String(id);
  const limitations: GraphLimitation[] = [...selection.limitations];

  const nodes: GraphNode[] = selection.order.map((id) => entityNode(entities.get(id)!));
  const edges: GraphEdge[] = [];
  for (const r of snapshot.network.relationships)
    if (included.has(r.source_entity_id) && included.has(r.target_entity_id)) edges.push(relationshipEdge(r, name, snapshot.as_of));
  for (const d of snapshot.ownership_declarations)
    if (included.has(d.owner_entity_id) && included.has(d.subject_entity_id)) edges.push(declarationEdge(d, name, snapshot.as_of));

  const proceedings = [...snapshot.proceedings]
    .sort((a, b) => a.proceeding_id - b.proceeding_id)
    .filter((p) => p.parties.some((party) => included.has(party.entity_id)));
  const room = Math.max(0, options.maxNodes - nodes.length);
  for (const p of proceedings.slice(0, room)) {
    nodes.push(proceedingNode(p, snapshot.as_of));
    edges.push(...partyEdges(p, name, snapshot.as_of, (id) => included.has(id)));
  }
  if (proceedings.length > room) {
    limitations.push({
      code: 'graph_node_limit',
      message: `The graph stops at ${options.maxNodes} nodes: some administrative proceedings of the network are not shown.`,
      details: { max_nodes: options.maxNodes, omitted_proceedings: proceedings.length - room },
      entity_id: snapshot.subject_entity_id,
    });
  }
  const tableOrder = { beneficial_ownership_declarations: 0, proceedings: 1, relationships: 2 } as const;
  edges.sort(
    (a, b) =>
      tableOrder[a.canonical_table] - tableOrder[b.canonical_table] ||
      a.canonical_id - b.canonical_id ||
      a.source_canonical_id - b.source_canonical_id,
  );

  // Cycles of the whole snapshot at as_of, as scoring sees them, not only of the links shown.
  const { onCycle } = findOwnershipCycles(ownershipEdges(snapshot));
  // Entities at the snapshot's edge whose further links were not loaded: their paths say truncated.
  const boundary = classifyDepthBoundary(snapshot, selection.order);
  limitations.push(...boundary.limitations);
  const rootKey = entityNodeKey(snapshot.subject_entity_id);
  const cut = new Set([...selection.cutAt, ...boundary.cut].map(entityNodeKey));
  const paths = computePaths(rootKey, nodes, edges, { cyclic: new Set([...onCycle].map(entityNodeKey)), cut });

  const { index, nodeSeverity, edgeRisk } = highlightSignals(signals, { nodes, edges, paths, proceedings });
  for (const n of nodes) n.signal_severity = nodeSeverity.get(n.key) ?? 'clean';
  for (const e of edges) e.risk_level = edgeRisk.get(e.projection_key) ?? 'low';

  const ubo = resolveBeneficialOwners(snapshot, options.uboThresholdPercent);
  limitations.push(...ubo.limitations);
  return {
    graph: {
      root_entity_id: snapshot.subject_entity_id,
      nodes,
      edges,
      paths,
      limitations,
      truncated: selection.truncated || proceedings.length > room || boundary.truncated,
    },
    network_peps: collectNetworkPeps(snapshot, options.pepGraceYears),
    signal_graph_index: index,
    ubo_findings: ubo.findings,
    ubo_resolution: ubo.resolution,
  };
}
