import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import { buildExpansionRecord } from '../../../../domain/graph/expansion/build-expansion-record';
import { GraphKeyEntry, graphKeyEntries, pathFromChain } from '../../../../domain/graph/graph-key-index';
import { entity, Rel, snapshotOf } from './support/snapshot-builder';

/** 100 ← 1 (owner), 100 → 102, 1 → 103, 102 → 103, 103 → 104 ← 2; a proceeding of 1; a cycle 102 ⇄ 105. */
const rels: Rel[] = [
  [1, 100, 'OWNS', '50'],
  [100, 102, 'OWNS', '50'],
  [1, 103, 'OWNS', '50'],
  [102, 103, 'OWNS', '50'],
  [103, 104, 'OWNS', '10'],
  [2, 104, 'PARTNER_OF'],
  [102, 105, 'OWNS', '10'],
  [105, 102, 'OWNS', '10'],
];
const snapshot = snapshotOf({
  subject: 100,
  entities: [
    entity(100, 'organization', 0),
    entity(1, 'person', 1),
    entity(102, 'organization', 1),
    entity(103, 'organization', 2),
    entity(105, 'organization', 2),
    entity(104, 'organization', 3),
    entity(2, 'person', 4),
  ],
  rels,
  proceedings: [
    {
      proceeding_id: 9,
      proceeding_number: 'PAR-9',
      proceeding_type: null,
      status: null,
      opened_at: null,
      decision_date: null,
      closed_at: null,
      authority: null,
      summary: null,
      parties: [{ entity_id: 1, role: 'investigado' }],
    },
  ],
});
const { graph } = buildAnalysisGraph(snapshot, [], { maxDepth: 4, maxNodes: 1000, uboThresholdPercent: 25 });
const entries = graphKeyEntries(graph);
const byKey = new Map(entries.map((e) => [e.key, e]));

/** The walk the repository does: the node, then its parent, … up to the root. */
function chainOf(key: string, index: Map<string, GraphKeyEntry> = byKey): GraphKeyEntry[] {
  const chain: GraphKeyEntry[] = [];
  for (let entry = index.get(key); entry; entry = entry.parent_key === null ? undefined : index.get(entry.parent_key)) chain.push(entry);
  return chain;
}

describe('graph key index', () => {
  it('holds every node and edge key once; nodes carry their path link, edges none', () => {
    expect(entries.map((e) => e.key).sort()).toEqual(
      [...graph.nodes.map((n) => n.key), ...graph.edges.map((e) => e.projection_key)].sort(),
    );
    for (const e of graph.edges) expect(byKey.get(e.projection_key)).toMatchObject({ parent_key: null, depth: null });
    expect(byKey.get('entity:100')).toMatchObject({ parent_key: null, via_edge_key: null, depth: 0, direction: 'self' });
  });

  it.each(graph.paths.map((p) => [p.target_node_key, p] as const))('rebuilds the exact path of %s from the index', (key, path) => {
    expect(pathFromChain(chainOf(key))).toEqual(path);
  });

  it('rebuilds the paths an expansion adds, beyond the analysis-time graph', () => {
    const parentPath = graph.paths.find((p) => p.target_node_key === 'entity:2')!;
    const record = buildExpansionRecord({
      nodeKey: 'entity:2',
      nodeEntityId: 2,
      rootEntityId: 100,
      domains: ['ownership'],
      parentPath,
      neighbourhood: {
        entities: [entity(2, 'person'), entity(300, 'organization')],
        relationships: [{ ...snapshot.network.relationships[0], relationship_id: 7000, source_entity_id: 2, target_entity_id: 300 }],
        proceedings: [],
        declarations: [],
        cut: [],
      },
      existingNodeKeys: new Set(),
      existingEdgeKeys: new Set(),
      asOf: '2026-06-30',
      expandedAt: '2026-07-01T00:00:00.000Z',
    });
    const index = new Map([...byKey, ...graphKeyEntries(record).map((e) => [e.key, e] as const)]);
    expect(record.paths).toHaveLength(1);
    expect(pathFromChain(chainOf('entity:300', index))).toEqual(record.paths[0]);
    expect(pathFromChain(chainOf('entity:300', index))).toMatchObject({ depth: 5, edge_keys: [...parentPath.edge_keys, 'edge:rel:7000'] });
  });

  const root = byKey.get('entity:100')!;
  const child = byKey.get('entity:1')!;
  it.each<[string, GraphKeyEntry[]]>([
    ['no entry', []],
    ['an edge key (no path)', [byKey.get('edge:rel:1000')!]],
    ['a chain that stops before the root', [byKey.get('entity:103')!, child]],
    ['a chain whose links do not match', [child, { ...root, key: 'entity:999' }]],
    ['a depth that does not match the walk', [{ ...child, depth: 2 }, root]],
  ])('gives no path for %s', (_name, chain) => {
    expect(pathFromChain(chain)).toBeUndefined();
  });
});
