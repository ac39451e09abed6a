import type { AnalysisGraphResponse, GraphEdge, GraphLimitation, GraphNode, GraphPath } from '../api/graph-types';

/**
 * The analysis graph (docs/graph.md) as the explorer draws it: each node with its badges (PEP,
 * sanction, beneficial owner and percentage), each edge with its endpoints' node keys and
 * whether it lies on a beneficial-owner chain. Pure, so that it is unit-tested and the same
 * model serves the first draw and the merge of an expansion.
 */
export type NodeView = {
  key: string;
  name: string;
  kind: 'entity' | 'proceeding';
  entityType: string | null;
  severity: string;
  isRoot: boolean;
  isPep: boolean;
  isSanctioned: boolean;
  uboPercent: number | null;
  isExpanded: boolean;
  source: GraphNode;
};

export type EdgeView = {
  key: string;
  source: string;
  target: string;
  type: string;
  risk: string;
  isUbo: boolean;
  percent: number | null;
  active: boolean;
  source_edge: GraphEdge;
};

export type GraphModel = {
  rootKey: string;
  nodes: NodeView[];
  edges: EdgeView[];
  paths: Map<string, GraphPath>;
  signalCodes: string[];
  truncated: boolean;
  limitations: GraphLimitation[];
};

export const nodeKeyOf = (label: string, canonicalId: number) =>
  `${label === 'AdministrativeProceeding' ? 'proceeding' : 'entity'}:${canonicalId}`;

/** `… (declared 91.000000%)` in a declaration edge's display name: the declared share. */
export function declaredPercent(displayName: string): number | null {
  const match = /declared\s+(\d+(?:\.\d+)?)%/.exec(displayName);
  return match ? Number(match[1]) : null;
}

/** The node a path ends at; `path:<node key>` when the path itself is not in the cut. */
function pathTarget(pathId: string, paths: Map<string, GraphPath>): string | undefined {
  return paths.get(pathId)?.target_node_key ?? (pathId.startsWith('path:') ? pathId.slice(5) : undefined);
}

/**
 * Nodes a family of signals points at: the ends of their paths. A network signal's index also
 * lists the paths to every node on the way (the subject, the intermediaries); a node that lies
 * inside a longer path of the same signal is a way to the finding, not the finding.
 */
export function signalTargets(
  response: AnalysisGraphResponse,
  paths: Map<string, GraphPath>,
  matches: (code: string) => boolean,
): Set<string> {
  const targets = new Set<string>();
  for (const entry of response.signal_graph_index) {
    if (!matches(entry.signal_code)) continue;
    const ends = entry.path_ids.map((id) => pathTarget(id, paths)).filter((t): t is string => Boolean(t));
    const onTheWay = new Set(entry.path_ids.flatMap((id) => paths.get(id)?.node_keys.slice(0, -1) ?? []));
    for (const end of ends) if (!onTheWay.has(end)) targets.add(end);
  }
  return targets;
}

const isActiveSanction = (code: string) => code.startsWith('SANCTION_') && code !== 'SANCTION_PAST_SUBJECT';
const isSubjectPep = (code: string) => code === 'PEP_SUBJECT_ACTIVE' || code === 'PEP_SUBJECT_GRACE';

export function buildGraphModel(response: AnalysisGraphResponse): GraphModel | null {
  const graph = response.graph;
  if (!graph) return null;
  const rootKey = nodeKeyOf('Entity', graph.root_entity_id);
  const paths = new Map(graph.paths.map((p) => [p.path_id, p]));
  const sanctioned = signalTargets(response, paths, isActiveSanction);
  const peps = new Set([
    ...response.network_peps.map((p) => nodeKeyOf('Entity', p.entity.entity_id)),
    ...signalTargets(response, paths, isSubjectPep),
  ]);
  const uboPercent = new Map<string, number | null>();
  const uboEdges = new Set<string>();
  for (const finding of response.ubo_findings) {
    uboPercent.set(nodeKeyOf('Entity', finding.beneficial_owner.entity_id), finding.ownership_percentage);
    for (const path of finding.paths) for (const edge of path.edge_keys) uboEdges.add(edge);
  }
  const nodes: NodeView[] = graph.nodes.map((n) => ({
    key: n.key,
    name: n.display_name,
    kind: n.label === 'AdministrativeProceeding' ? 'proceeding' : 'entity',
    entityType: n.entity_type,
    severity: n.signal_severity,
    isRoot: n.key === rootKey,
    isPep: peps.has(n.key),
    isSanctioned: sanctioned.has(n.key),
    uboPercent: uboPercent.has(n.key) ? (uboPercent.get(n.key) ?? null) : null,
    isExpanded: n.is_expanded,
    source: n,
  }));
  const known = new Set(nodes.map((n) => n.key));
  const edges: EdgeView[] = [];
  for (const e of graph.edges) {
    const source = nodeKeyOf(e.source_label, e.source_canonical_id);
    const target = nodeKeyOf(e.target_label, e.target_canonical_id);
    // An edge to a node outside the cut would be drawn to nowhere; the cut is de-duplicated, so this is defensive.
    if (!known.has(source) || !known.has(target)) continue;
    edges.push({
      key: e.projection_key,
      source,
      target,
      type: e.relationship_type,
      risk: e.risk_level,
      isUbo: uboEdges.has(e.projection_key),
      percent: declaredPercent(e.display_name),
      active: e.is_active,
      source_edge: e,
    });
  }
  return {
    rootKey,
    nodes,
    edges,
    paths,
    signalCodes: response.signal_graph_index.map((s) => s.signal_code),
    truncated: graph.truncated,
    limitations: graph.limitations,
  };
}
