import { buildAnalysisGraph } from '../../../../../../domain/graph/build-analysis-graph';
import { applyExpansions } from '../../../../../../domain/graph/expansion/apply-expansions';
import { buildExpansionRecord } from '../../../../../../domain/graph/expansion/build-expansion-record';
import type { ExpansionRecord, Neighbourhood } from '../../../../../../domain/graph/expansion/expansion-types';
import { entity, snapshotOf } from '../../support/snapshot-builder';

// Base graph: 100 ← 1 (partner). Expansion of entity:1 finds 1 → 200 and 1 → 100 (known).
export const base = buildAnalysisGraph(
  snapshotOf({ subject: 100, entities: [entity(100), entity(1, 'person', 1)], rels: [[1, 100, 'PARTNER_OF']] }),
  [],
  { maxDepth: 4, maxNodes: 100, uboThresholdPercent: 25 },
);
const rel = (id: number, source: number, target: number) => ({
  ...snapshotOf({ subject: 0, entities: [], rels: [[source, target, 'PARTNER_OF']] }).network.relationships[0],
  relationship_id: id,
});
export const hood: Neighbourhood = {
  entities: [entity(1, 'person'), entity(100), entity(200)],
  relationships: [rel(1000, 1, 100), rel(2000, 1, 200)],
  proceedings: [],
  declarations: [],
  cut: [],
};

export function expand(view: ReturnType<typeof applyExpansions>, records: ExpansionRecord[]): ExpansionRecord {
  return buildExpansionRecord({
    nodeKey: 'entity:1',
    nodeEntityId: 1,
    rootEntityId: 100,
    domains: ['ownership'],
    neighbourhood: hood,
    parentPath: view.graph.paths.find((p) => p.target_node_key === 'entity:1')!,
    existingNodeKeys: new Set(applyExpansions(view, records).graph.nodes.map((n) => n.key)),
    existingEdgeKeys: new Set(applyExpansions(view, records).graph.edges.map((e) => e.projection_key)),
    asOf: '2026-06-30',
    expandedAt: '2026-06-30T10:00:00.000Z',
  });
}
