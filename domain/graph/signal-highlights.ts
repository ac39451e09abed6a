import { entityNodeKey, pathId, proceedingNodeKey } from './keys';
import type { GraphSignal } from './graph-options';
import type { GraphEdge, GraphNode, GraphPath, RiskLevelValue, SignalGraphIndexItem, SignalSeverity } from './types';
import type { SnapshotProceeding } from '../analysis/snapshot';
import { edgeEndpoints } from './graph-paths';

/**
 * What each identified signal points at in the graph: the observed entities, the entities and
 * edges along its graph_paths hints, the graph paths to those nodes, and — for legal-proceedings
 * signals — the proceedings its observed entities are party to. Severity follows the fixed risk
 * bands of docs/engine.md applied to the signal's points.
 */
const rank: Record<SignalSeverity, number> = { clean: 0, not_evaluated: 0, low: 1, medium: 2, high: 3, critical: 4 };

function severityOf(points: number | undefined): RiskLevelValue {
  const p = points ?? 0;
  return p >= 75 ? 'critical' : p >= 50 ? 'high' : p >= 25 ? 'medium' : 'low';
}

type Elements = {
  nodes: readonly GraphNode[];
  edges: readonly GraphEdge[];
  paths: readonly GraphPath[];
  proceedings: readonly SnapshotProceeding[];
};

export function highlightSignals(
  signals: readonly GraphSignal[],
  graph: Elements,
): { index: SignalGraphIndexItem[]; nodeSeverity: Map<string, RiskLevelValue>; edgeRisk: Map<string, RiskLevelValue> } {
  if (!signals.some((s) => s.identified)) return { index: [], nodeSeverity: new Map(), edgeRisk: new Map() };
  const nodeKeys = new Set(graph.nodes.map((n) => n.key));
  const pathIds = new Set(graph.paths.map((p) => p.path_id));
  const edgesByPair = new Map<string, string[]>();
  for (const e of graph.edges) {
    const [s, t] = edgeEndpoints(e);
    for (const pair of [`${s}|${t}`, `${t}|${s}`]) (edgesByPair.get(pair) ?? edgesByPair.set(pair, []).get(pair)!).push(e.projection_key);
  }
  const proceedingsOf = new Map<number, number[]>();
  for (const p of graph.proceedings)
    for (const party of p.parties)
      (proceedingsOf.get(party.entity_id) ?? proceedingsOf.set(party.entity_id, []).get(party.entity_id)!).push(p.proceeding_id);

  const byCode = new Map<string, { nodes: Set<string>; edges: Set<string>; severity: RiskLevelValue }>();
  for (const signal of signals) {
    if (!signal.identified) continue;
    const entry =
      byCode.get(signal.code) ?? byCode.set(signal.code, { nodes: new Set(), edges: new Set(), severity: 'low' }).get(signal.code)!;
    const severity = severityOf(signal.score);
    if (rank[severity] > rank[entry.severity]) entry.severity = severity;
    const addNode = (key: string) => nodeKeys.has(key) && entry.nodes.add(key);
    for (const id of signal.observed_entity_ids) {
      addNode(entityNodeKey(id));
      if (signal.pillar === 'legal_proceedings') {
        for (const pid of proceedingsOf.get(id) ?? []) {
          if (!nodeKeys.has(proceedingNodeKey(pid))) continue;
          addNode(proceedingNodeKey(pid));
          for (const k of edgesByPair.get(`${entityNodeKey(id)}|${proceedingNodeKey(pid)}`) ?? []) entry.edges.add(k);
        }
      }
    }
    for (const hint of signal.graph_paths) {
      hint.forEach((id) => addNode(entityNodeKey(id)));
      for (let i = 1; i < hint.length; i++)
        for (const k of edgesByPair.get(`${entityNodeKey(hint[i - 1])}|${entityNodeKey(hint[i])}`) ?? []) entry.edges.add(k);
    }
  }

  const nodeSeverity = new Map<string, RiskLevelValue>();
  const edgeRisk = new Map<string, RiskLevelValue>();
  const raise = (map: Map<string, RiskLevelValue>, key: string, level: RiskLevelValue) => {
    const current = map.get(key);
    if (!current || rank[level] > rank[current]) map.set(key, level);
  };
  const index: SignalGraphIndexItem[] = [];
  for (const [code, entry] of [...byCode].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    entry.nodes.forEach((k) => raise(nodeSeverity, k, entry.severity));
    entry.edges.forEach((k) => raise(edgeRisk, k, entry.severity));
    const sortKeys = (s: Set<string>) => [...s].sort();
    index.push({
      signal_code: code,
      node_keys: sortKeys(entry.nodes),
      edge_keys: sortKeys(entry.edges),
      path_ids: sortKeys(new Set([...entry.nodes].map(pathId).filter((id) => pathIds.has(id)))),
    });
  }
  return { index, nodeSeverity, edgeRisk };
}
