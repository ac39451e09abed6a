import { buildAnalysisGraph } from '../../../domain/graph/build-analysis-graph';
import { applyExpansions } from '../../../domain/graph/expansion/apply-expansions';
import { buildExpansionRecord, isEmptyRecord } from '../../../domain/graph/expansion/build-expansion-record';
import { applicableDomains } from '../../../domain/graph/expansion/expansion-domains';
import type { Neighbourhood } from '../../../domain/graph/expansion/expansion-types';
import type { ExpansionRecord } from '../../../domain/graph/expansion/expansion-types';
import { entity, snapshotOf } from './snapshot-builder';

// Base graph: 100 ← 1 (partner). Expansion of entity:1 finds 1 → 200 and 1 → 100 (known).
const base = buildAnalysisGraph(snapshotOf({ subject: 100, entities: [entity(100), entity(1, 'person', 1)], rels: [[1, 100, 'PARTNER_OF']] }), [], { maxDepth: 4, maxNodes: 100, uboThresholdPercent: 25 });
const rel = (id: number, source: number, target: number) => ({ ...snapshotOf({ subject: 0, entities: [], rels: [[source, target, 'PARTNER_OF']] }).network.relationships[0], relationship_id: id });
const hood: Neighbourhood = { entities: [entity(1, 'person'), entity(100), entity(200)], relationships: [rel(1000, 1, 100), rel(2000, 1, 200)], proceedings: [], declarations: [], cut: [] };

function expand(view: ReturnType<typeof applyExpansions>, records: ExpansionRecord[]): ExpansionRecord {
  return buildExpansionRecord({
    nodeKey: 'entity:1', nodeEntityId: 1, rootEntityId: 100, domains: ['ownership'], neighbourhood: hood,
    parentPath: view.graph.paths.find((p) => p.target_node_key === 'entity:1')!,
    existingNodeKeys: new Set(applyExpansions(view, records).graph.nodes.map((n) => n.key)),
    existingEdgeKeys: new Set(applyExpansions(view, records).graph.edges.map((e) => e.projection_key)),
    asOf: '2026-06-30', expandedAt: '2026-06-30T10:00:00.000Z',
  });
}

describe('expansion merge', () => {
  const first = expand(base, []);
  const second = expand(base, [first]);

  it('adds only what is new, with a path one edge beyond the expanded node', () => {
    expect(first.nodes.map((n) => [n.key, n.is_expanded, n.signal_severity])).toEqual([['entity:200', false, 'not_evaluated']]);
    expect(first.edges.map((e) => e.projection_key)).toEqual(['edge:rel:2000']);
    expect(first.paths).toEqual([expect.objectContaining({ path_id: 'path:entity:200', depth: 2, direction: 'mixed', node_keys: ['entity:100', 'entity:1', 'entity:200'], edge_keys: ['edge:rel:1000', 'edge:rel:2000'] })]);
  });

  it('expanding twice adds nothing twice', () => {
    expect(isEmptyRecord(second)).toBe(true);
    const once = applyExpansions(base, [first]);
    const twice = applyExpansions(base, [first, second, first]);
    expect(twice.graph.nodes).toEqual(once.graph.nodes);
    expect(twice.graph.edges).toEqual(once.graph.edges);
    expect(twice.graph.paths).toEqual(once.graph.paths);
  });

  it('marks the expanded node and leaves the analysis-time graph untouched', () => {
    const view = applyExpansions(base, [first]);
    expect(view.graph.nodes.find((n) => n.key === 'entity:1')!.is_expanded).toBe(true);
    expect(base.graph.nodes.find((n) => n.key === 'entity:1')!.is_expanded).toBe(false);
    expect(view.graph.nodes).toHaveLength(3);
  });

  it('reports a per-domain cut as a fan-out limitation', () => {
    const cut = buildExpansionRecord({ nodeKey: 'entity:1', nodeEntityId: 1, rootEntityId: 100, domains: ['ownership'], neighbourhood: { ...hood, cut: [{ domain: 'ownership', limit: 1 }] }, parentPath: base.graph.paths[1], existingNodeKeys: new Set(), existingEdgeKeys: new Set(), asOf: '2026-06-30', expandedAt: 'x' });
    expect(cut.limitations).toEqual([expect.objectContaining({ code: 'graph_fan_out_limit', entity_id: 1 })]);
    expect(applyExpansions(base, [cut]).graph.truncated).toBe(true);
  });

  it.each([
    ['entity', ['media', 'ownership', 'ownership', 'pep'], ['ownership', 'pep']],
    ['proceeding', ['ownership', 'proceedings'], ['proceedings']],
    ['entity', ['media'], []],
  ] as const)('applicable domains of a %s node for %j → %j', (kind, requested, applied) => {
    expect(applicableDomains(kind, requested)).toEqual(applied);
  });
});
