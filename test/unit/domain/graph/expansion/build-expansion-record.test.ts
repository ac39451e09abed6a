import { applyExpansions } from '../../../../../domain/graph/expansion/apply-expansions';
import { buildExpansionRecord, isEmptyRecord } from '../../../../../domain/graph/expansion/build-expansion-record';
import { base, expand, hood } from './support/expansion-fixtures';

describe('expansion record', () => {
  const first = expand(base, []);
  const second = expand(base, [first]);

  it('adds only what is new, with a path one edge beyond the expanded node', () => {
    expect(first.nodes.map((n) => [n.key, n.is_expanded, n.signal_severity])).toEqual([['entity:200', false, 'not_evaluated']]);
    expect(first.edges.map((e) => e.projection_key)).toEqual(['edge:rel:2000']);
    expect(first.paths).toEqual([
      expect.objectContaining({
        path_id: 'path:entity:200',
        depth: 2,
        direction: 'mixed',
        node_keys: ['entity:100', 'entity:1', 'entity:200'],
        edge_keys: ['edge:rel:1000', 'edge:rel:2000'],
      }),
    ]);
  });

  it('expanding twice adds nothing twice', () => {
    expect(isEmptyRecord(second)).toBe(true);
    const once = applyExpansions(base, [first]);
    const twice = applyExpansions(base, [first, second, first]);
    expect(twice.graph.nodes).toEqual(once.graph.nodes);
    expect(twice.graph.edges).toEqual(once.graph.edges);
    expect(twice.graph.paths).toEqual(once.graph.paths);
  });

  it('reports a per-domain cut as a fan-out limitation', () => {
    const cut = buildExpansionRecord({
      nodeKey: 'entity:1',
      nodeEntityId: 1,
      rootEntityId: 100,
      domains: ['ownership'],
      neighbourhood: { ...hood, cut: [{ domain: 'ownership', limit: 1 }] },
      parentPath: base.graph.paths[1],
      existingNodeKeys: new Set(),
      existingEdgeKeys: new Set(),
      asOf: '2026-06-30',
      expandedAt: 'x',
    });
    expect(cut.limitations).toEqual([expect.objectContaining({ code: 'graph_fan_out_limit', entity_id: 1 })]);
    expect(applyExpansions(base, [cut]).graph.truncated).toBe(true);
  });
});
