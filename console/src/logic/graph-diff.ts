import type { EdgeView, GraphModel, NodeView } from './graph-model';

/** What an expansion added: the nodes and edges of `next` that `previous` did not have. */
export function diffGraphModels(previous: GraphModel, next: GraphModel): { nodes: NodeView[]; edges: EdgeView[]; changed: NodeView[] } {
  const before = new Map(previous.nodes.map((n) => [n.key, n]));
  const beforeEdges = new Set(previous.edges.map((e) => e.key));
  return {
    nodes: next.nodes.filter((n) => !before.has(n.key)),
    edges: next.edges.filter((e) => !beforeEdges.has(e.key)),
    changed: next.nodes.filter((n) => before.has(n.key) && before.get(n.key)!.isExpanded !== n.isExpanded),
  };
}
