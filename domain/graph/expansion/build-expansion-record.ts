import { declarationEdge, partyEdges, relationshipEdge } from '../graph-edges';
import { entityNode, proceedingNode } from '../graph-nodes';
import { edgeEndpoints, extendPath } from '../graph-paths';
import type { GraphEdge, GraphNode, GraphPath } from '../types';
import type { ExpansionDomain } from './expansion-domains';
import type { ExpansionRecord, Neighbourhood } from './expansion-types';

/**
 * The expansion of one node, pure: the neighbourhood's nodes and edges that the current view
 * does not hold yet (by key), with a path for each new node (the expanded node's path plus the
 * connecting edge). Live store data was not scored: new nodes are `not_evaluated`.
 */
export function buildExpansionRecord(input: {
  nodeKey: string;
  nodeEntityId: number | null;
  rootEntityId: number;
  domains: ExpansionDomain[];
  neighbourhood: Neighbourhood;
  parentPath: GraphPath;
  existingNodeKeys: ReadonlySet<string>;
  existingEdgeKeys: ReadonlySet<string>;
  asOf: string;
  expandedAt: string;
}): ExpansionRecord {
  const { neighbourhood: hood, asOf } = input;
  const names = new Map(hood.entities.map((e) => [e.entity_id, e.display_name]));
  const name = (id: number) => names.get(id) ?? String(id);
  const candidateNodes: GraphNode[] = [...hood.entities.map((e) => entityNode(e)), ...hood.proceedings.map((p) => proceedingNode(p, asOf))];
  const candidateEdges: GraphEdge[] = [
    ...hood.relationships.map((r) => relationshipEdge(r, name, asOf)),
    ...hood.declarations.map((d) => declarationEdge(d, name, asOf)),
    ...hood.proceedings.flatMap((p) => partyEdges(p, name, asOf, () => true)),
  ];
  const nodes = new Map<string, GraphNode>();
  for (const n of candidateNodes) {
    if (input.existingNodeKeys.has(n.key) || nodes.has(n.key) || n.key === input.nodeKey) continue;
    nodes.set(n.key, { ...n, signal_severity: 'not_evaluated' });
  }
  const reachable = new Set([...input.existingNodeKeys, ...nodes.keys(), input.nodeKey]);
  const edges = new Map<string, GraphEdge>();
  for (const e of candidateEdges) {
    const [s, t] = edgeEndpoints(e);
    if (input.existingEdgeKeys.has(e.projection_key) || edges.has(e.projection_key) || !reachable.has(s) || !reachable.has(t)) continue;
    edges.set(e.projection_key, e);
  }
  const sortedEdges = [...edges.values()].sort((a, b) => (a.projection_key < b.projection_key ? -1 : 1));
  const paths: GraphPath[] = [];
  for (const node of [...nodes.values()].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const connecting = sortedEdges.filter((e) => {
      const [s, t] = edgeEndpoints(e);
      return (s === input.nodeKey && t === node.key) || (t === input.nodeKey && s === node.key);
    });
    if (connecting.length > 0)
      paths.push(extendPath(input.parentPath, connecting[0], node.key, { count: 1, cyclic: false, truncated: false }));
  }
  return {
    node_key: input.nodeKey,
    domains: input.domains,
    expanded_at: input.expandedAt,
    nodes: [...nodes.values()].sort((a, b) => (a.key < b.key ? -1 : 1)),
    edges: sortedEdges,
    paths,
    limitations: hood.cut.map((c) => ({
      code: 'graph_fan_out_limit',
      message: `Expanding by ${c.domain} shows the first ${c.limit} links of this node.`,
      details: { domain: c.domain, max_fan_out: c.limit, node_key: input.nodeKey },
      entity_id: input.nodeEntityId ?? input.rootEntityId,
    })),
  };
}

export const isEmptyRecord = (r: ExpansionRecord) => r.nodes.length === 0 && r.edges.length === 0 && r.limitations.length === 0;
