import type { AnalysisGraph } from '../types';
import type { ExpansionRecord } from './expansion-types';

/**
 * The expanded view: the analysis-time graph (never rewritten: it is what the verdict saw) with
 * the persisted expansions replayed in order. Every key appears once, whatever the records hold.
 */
export function applyExpansions(base: AnalysisGraph, records: readonly ExpansionRecord[]): AnalysisGraph {
  if (records.length === 0) return base;
  const graph = base.graph;
  const expanded = new Set(records.map((r) => r.node_key));
  const nodeKeys = new Set(graph.nodes.map((n) => n.key));
  const edgeKeys = new Set(graph.edges.map((e) => e.projection_key));
  const pathIds = new Set(graph.paths.map((p) => p.path_id));
  const nodes = graph.nodes.map((n) => (expanded.has(n.key) ? { ...n, is_expanded: true } : n));
  const edges = [...graph.edges];
  const paths = [...graph.paths];
  const limitations = [...graph.limitations];
  for (const record of records) {
    for (const n of record.nodes) {
      if (nodeKeys.has(n.key)) continue;
      nodeKeys.add(n.key);
      nodes.push(expanded.has(n.key) ? { ...n, is_expanded: true } : n);
    }
    for (const e of record.edges) {
      if (edgeKeys.has(e.projection_key)) continue;
      edgeKeys.add(e.projection_key);
      edges.push(e);
    }
    for (const p of record.paths) {
      if (pathIds.has(p.path_id)) continue;
      pathIds.add(p.path_id);
      paths.push(p);
    }
    limitations.push(...record.limitations);
  }
  return {
    ...base,
    graph: { ...graph, nodes, edges, paths, limitations, truncated: graph.truncated || records.some((r) => r.limitations.length > 0) },
  };
}
