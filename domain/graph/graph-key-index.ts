import type { ExpansionRecord } from './expansion/expansion-types';
import { pathId } from './keys';
import type { GraphBody, GraphPath, PathDirection } from './types';

/**
 * The key index of a graph view (db table analysis_graph_keys): every node and edge key once.
 * An expansion needs only this — is the node there, what is its path, which neighbour keys does
 * the view already hold — never the whole graph. Paths form a tree (a node's path is its
 * parent's path plus one edge: computePaths and expansions both build them so), so a node stores
 * the link to its parent and the path is rebuilt by walking up.
 */
export type GraphKeyEntry = {
  key: string;
  parent_key: string | null;
  via_edge_key: string | null;
  depth: number | null;
  direction: PathDirection | null;
  contains_cycle: boolean | null;
  equivalent_path_count: number | null;
  truncated: boolean | null;
};

const noPath = {
  parent_key: null,
  via_edge_key: null,
  depth: null,
  direction: null,
  contains_cycle: null,
  equivalent_path_count: null,
  truncated: null,
};

function pathEntry(p: GraphPath): GraphKeyEntry {
  const last = p.depth - 1;
  return {
    key: p.target_node_key,
    parent_key: last >= 0 ? p.node_keys[last] : null,
    via_edge_key: last >= 0 ? p.edge_keys[last] : null,
    depth: p.depth,
    direction: p.direction,
    contains_cycle: p.contains_cycle,
    equivalent_path_count: p.equivalent_path_count,
    truncated: p.truncated,
  };
}

/** Entries of a graph body or an expansion record; a key keeps its first path (as applyExpansions does). */
export function graphKeyEntries(view: Pick<GraphBody, 'nodes' | 'edges' | 'paths'> | ExpansionRecord): GraphKeyEntry[] {
  const entries = new Map<string, GraphKeyEntry>();
  for (const p of view.paths) if (!entries.has(p.target_node_key)) entries.set(p.target_node_key, pathEntry(p));
  for (const n of view.nodes) if (!entries.has(n.key)) entries.set(n.key, { key: n.key, ...noPath });
  for (const e of view.edges) if (!entries.has(e.projection_key)) entries.set(e.projection_key, { key: e.projection_key, ...noPath });
  return [...entries.values()];
}

/**
 * The path of the first entry of `chain` (the node, then its parent, … up to the root). Undefined
 * when the node has no path or the chain is broken (a link that does not lead to depth 0).
 */
export function pathFromChain(chain: readonly GraphKeyEntry[]): GraphPath | undefined {
  const target = chain[0];
  if (!target || target.depth === null || chain.length !== target.depth + 1) return undefined;
  const nodeKeys: string[] = [];
  const edgeKeys: string[] = [];
  for (let i = chain.length - 1; i >= 0; i--) {
    const entry = chain[i];
    if (entry.depth !== chain.length - 1 - i || (i < chain.length - 1 && entry.parent_key !== chain[i + 1].key)) return undefined;
    nodeKeys.push(entry.key);
    if (entry.via_edge_key !== null) edgeKeys.push(entry.via_edge_key);
  }
  if (edgeKeys.length !== target.depth) return undefined;
  return {
    path_id: pathId(target.key),
    root_node_key: nodeKeys[0],
    target_node_key: target.key,
    depth: target.depth,
    direction: target.direction!,
    contains_cycle: target.contains_cycle!,
    node_keys: nodeKeys,
    edge_keys: edgeKeys,
    equivalent_path_count: target.equivalent_path_count!,
    truncated: target.truncated!,
  };
}

/** What an expansion learns from the index: the node's path and applied domains, and which candidates exist. */
export type KeyProbe = { node: { path: GraphPath | undefined; expandedDomains: string[] | null } | undefined; existing: Set<string> };
