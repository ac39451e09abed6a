import { entityNodeKey, pathId, proceedingNodeKey } from './keys';
import type { GraphEdge, GraphNode, GraphPath, PathDirection } from './types';

/**
 * One path per node: a shortest path from the subject (breadth-first over edges in either
 * direction, ties broken by discovery order, which is deterministic), the number of equally
 * short paths, its direction (`outgoing`: every edge points away from the subject, e.g. the
 * subject owns; `incoming`: toward it, e.g. its owners; `mixed`; `self` for the subject), whether
 * it passes a node on a directed ownership cycle, and whether its end was cut by a bound.
 */
const SATURATE = 2_147_483_647;

export const edgeEndpoints = (e: GraphEdge): [string, string] => [
  e.source_label === 'Entity' ? entityNodeKey(e.source_canonical_id) : proceedingNodeKey(e.source_canonical_id),
  e.target_label === 'Entity' ? entityNodeKey(e.target_canonical_id) : proceedingNodeKey(e.target_canonical_id),
];

function combine(direction: PathDirection, step: 'outgoing' | 'incoming'): PathDirection {
  return direction === 'self' || direction === step ? step : 'mixed';
}

/** The path to `child`, one edge beyond `parent`'s path. */
export function extendPath(
  parent: GraphPath,
  edge: GraphEdge,
  child: string,
  options: { count: number; cyclic: boolean; truncated: boolean },
): GraphPath {
  const [source] = edgeEndpoints(edge);
  const step = source === parent.target_node_key ? 'outgoing' : 'incoming';
  return {
    path_id: pathId(child),
    root_node_key: parent.root_node_key,
    target_node_key: child,
    depth: parent.depth + 1,
    direction: combine(parent.direction, step),
    contains_cycle: parent.contains_cycle || options.cyclic,
    node_keys: [...parent.node_keys, child],
    edge_keys: [...parent.edge_keys, edge.projection_key],
    equivalent_path_count: options.count,
    truncated: options.truncated,
  };
}

function rootPath(rootKey: string, options: { cyclic: boolean; truncated: boolean }): GraphPath {
  return {
    path_id: pathId(rootKey),
    root_node_key: rootKey,
    target_node_key: rootKey,
    depth: 0,
    direction: 'self',
    contains_cycle: options.cyclic,
    node_keys: [rootKey],
    edge_keys: [],
    equivalent_path_count: 1,
    truncated: options.truncated,
  };
}

export function computePaths(
  rootKey: string,
  nodes: readonly GraphNode[],
  edges: readonly GraphEdge[],
  marks: { cyclic: Set<string>; cut: Set<string> },
): GraphPath[] {
  // Integer indices, not string maps: this runs over every node of a 10k-node graph.
  const index = new Map<string, number>();
  nodes.forEach((n, i) => index.set(n.key, i));
  const root = index.get(rootKey);
  if (root === undefined) return [];
  const adjacency: { next: number; edge: number }[][] = nodes.map(() => []);
  edges.forEach((e, ei) => {
    const [s, t] = edgeEndpoints(e);
    const a = index.get(s);
    const b = index.get(t);
    if (a === undefined || b === undefined || a === b) return;
    adjacency[a].push({ next: b, edge: ei });
    adjacency[b].push({ next: a, edge: ei });
  });
  const depth = new Int32Array(nodes.length).fill(-1);
  const parent = new Int32Array(nodes.length).fill(-1);
  const viaEdge = new Int32Array(nodes.length).fill(-1);
  const counts = new Float64Array(nodes.length);
  depth[root] = 0;
  counts[root] = 1;
  const order = [root];
  for (let i = 0; i < order.length; i++) {
    const node = order[i];
    // Neighbours in node order; of parallel edges, the smallest key connects.
    const list = adjacency[node].sort((x, y) => x.next - y.next || (edges[x.edge].projection_key < edges[y.edge].projection_key ? -1 : 1));
    for (let j = 0; j < list.length; j++) {
      const { next, edge } = list[j];
      if (j > 0 && list[j - 1].next === next) continue;
      if (depth[next] === -1) {
        depth[next] = depth[node] + 1;
        parent[next] = node;
        viaEdge[next] = edge;
        counts[next] = counts[node];
        order.push(next);
      } else if (depth[next] === depth[node] + 1) {
        counts[next] = Math.min(SATURATE, counts[next] + counts[node]);
      }
    }
  }
  const built = new Array<GraphPath | undefined>(nodes.length);
  built[root] = rootPath(rootKey, { cyclic: marks.cyclic.has(rootKey), truncated: marks.cut.has(rootKey) });
  for (const node of order) {
    if (node === root) continue;
    const key = nodes[node].key;
    built[node] = extendPath(built[parent[node]]!, edges[viaEdge[node]], key, {
      count: counts[node],
      cyclic: marks.cyclic.has(key),
      truncated: marks.cut.has(key),
    });
  }
  return order.map((node) => built[node]!);
}
