import type { AnalysisGraphResponse } from '../api/graph-types';
import type { GraphModel } from './graph-model';

/**
 * What the explorer lights: a signal's elements from `signal_graph_index` (its nodes, edges and
 * every element of its paths) or the path from the subject to one node.
 */
export type Highlight = { code: string; nodes: Set<string>; edges: Set<string> };

/** What a signal lights up: its nodes, its edges and every element of its paths. */
export function highlightForSignal(response: AnalysisGraphResponse, model: GraphModel, code: string): Highlight | null {
  const entry = response.signal_graph_index.find((s) => s.signal_code === code);
  if (!entry) return null;
  const nodes = new Set(entry.node_keys);
  const edges = new Set(entry.edge_keys);
  for (const id of entry.path_ids) {
    const path = model.paths.get(id);
    path?.node_keys.forEach((k) => nodes.add(k));
    path?.edge_keys.forEach((k) => edges.add(k));
  }
  return { code, nodes, edges };
}

/** The path from the subject to a node, as a highlight. */
export function highlightForPath(model: GraphModel, nodeKey: string): Highlight | null {
  const path = model.paths.get(`path:${nodeKey}`) ?? [...model.paths.values()].find((p) => p.target_node_key === nodeKey);
  if (!path) return null;
  return { code: path.path_id, nodes: new Set(path.node_keys), edges: new Set(path.edge_keys) };
}
