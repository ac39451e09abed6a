import { buildAnalysisGraph } from '../../../../domain/graph/build-analysis-graph';
import type { GraphSignal } from '../../../../domain/graph/types';
import { entity, Rel, snapshotOf } from './support/snapshot-builder';

const options = { maxDepth: 4, maxNodes: 1000, uboThresholdPercent: 25 };
const keysOf = (xs: { key: string }[]) => xs.map((x) => x.key);

describe('graph builder: nodes, edges, keys', () => {
  const snapshot = snapshotOf({
    subject: 100,
    entities: [
      entity(100, 'organization', 0),
      entity(1, 'person', 1, { document_type: 'cpf_masked' }),
      entity(101, 'organization', 1, { status: 'BAIXADA', profile: { status_date: '2020-01-02' } }),
    ],
    rels: [
      [1, 100, 'PARTNER_OF', null, { relationship_role: 'Sócio-Administrador', evidence_id: '77' }],
      [101, 100, 'OWNS', '30', { valid_to: '2020-01-01' }],
      [1, 101, 'ADMINISTERS'],
    ],
    proceedings: [
      {
        proceeding_id: 9,
        proceeding_number: 'PAR-1',
        proceeding_type: 'PAR',
        status: 'em andamento',
        opened_at: '2024-01-01',
        decision_date: null,
        closed_at: null,
        authority: 'CGU',
        summary: null,
        parties: [
          { entity_id: 1, role: 'investigado' },
          { entity_id: 1, role: 'réu' },
        ],
      },
    ],
  });
  const { graph } = buildAnalysisGraph(snapshot, [], options);

  it.each([
    ['entity:100', { label: 'Entity', canonical_table: 'entities', is_active: true, is_inferred: false, signal_severity: 'clean' }],
    ['entity:1', { is_inferred: true, entity_type: 'person' }],
    ['entity:101', { status: 'BAIXADA', is_active: false, valid_to: '2020-01-02' }],
    [
      'proceeding:9',
      {
        label: 'AdministrativeProceeding',
        canonical_table: 'proceedings',
        proceeding_number: 'PAR-1',
        opened_at: '2024-01-01',
        is_active: true,
      },
    ],
  ])('node %s', (key, expected) => {
    expect(graph.nodes.find((n) => n.key === key)).toMatchObject(expected);
  });

  it.each([
    [
      'edge:rel:1000',
      {
        relationship_type: 'PARTNER_OF',
        status: 'active',
        is_active: true,
        evidence_id: 77,
        canonical_table: 'relationships',
        relationship_role: 'Sócio-Administrador',
      },
    ],
    ['edge:rel:1001', { status: 'ended', is_active: false }],
    [
      'edge:party:9:1',
      {
        relationship_type: 'PARTY_TO_PROCEEDING',
        relationship_role: 'investigado, réu',
        evidence_count: 2,
        target_label: 'AdministrativeProceeding',
      },
    ],
  ])('edge %s', (key, expected) => {
    expect(graph.edges.find((e) => e.projection_key === key)).toMatchObject(expected);
  });

  it('keys are unique and the build is deterministic whatever the input order', () => {
    expect(new Set(keysOf(graph.nodes)).size).toBe(graph.nodes.length);
    const reversed = {
      ...snapshot,
      network: {
        ...snapshot.network,
        entities: [...snapshot.network.entities].reverse(),
        relationships: [...snapshot.network.relationships].reverse(),
      },
    };
    expect(JSON.stringify(buildAnalysisGraph(reversed, [], options))).toBe(JSON.stringify(buildAnalysisGraph(snapshot, [], options)));
  });
});

describe('graph builder: paths', () => {
  // 100 ← 1 (owner), 100 → 102 (subject owns), 1 → 103, 102 → 103: two shortest paths to 103
  const ents = [entity(100, 'organization', 0), entity(1, 'person', 1), entity(102, 'organization', 1), entity(103, 'organization', 2)];
  const rels: Rel[] = [
    [1, 100, 'OWNS', '50'],
    [100, 102, 'OWNS', '50'],
    [1, 103, 'OWNS', '50'],
    [102, 103, 'OWNS', '50'],
  ];
  const { graph } = buildAnalysisGraph(snapshotOf({ subject: 100, entities: ents, rels }), [], options);
  const path = (target: string) => graph.paths.find((p) => p.target_node_key === target)!;

  it.each([
    ['entity:100', { depth: 0, direction: 'self', equivalent_path_count: 1, edge_keys: [] }],
    ['entity:1', { depth: 1, direction: 'incoming', node_keys: ['entity:100', 'entity:1'], edge_keys: ['edge:rel:1000'] }],
    ['entity:102', { depth: 1, direction: 'outgoing' }],
    ['entity:103', { depth: 2, direction: 'mixed', equivalent_path_count: 2, node_keys: ['entity:100', 'entity:1', 'entity:103'] }],
  ])('path to %s', (target, expected) =>
    expect(path(target)).toMatchObject({ path_id: `path:${target}`, root_node_key: 'entity:100', ...expected }),
  );
});

describe('graph builder: ownership cycles of length 1 to 4 mark contains_cycle', () => {
  const chain = (n: number): Rel[] => Array.from({ length: n }, (_, i) => [100 + i, 100 + ((i + 1) % n), 'OWNS', '10'] as Rel);
  it.each([1, 2, 3, 4])('cycle of length %i', (n) => {
    const ents = [...Array.from({ length: n }, (_, i) => entity(100 + i, 'organization', i)), entity(200, 'organization', 1)];
    const { graph } = buildAnalysisGraph(
      snapshotOf({ subject: 100, entities: ents, rels: [...chain(n), [100, 200, 'OWNS', '10']] }),
      [],
      options,
    );
    for (let i = 0; i < n; i++) expect(graph.paths.find((p) => p.target_node_key === `entity:${100 + i}`)!.contains_cycle).toBe(true);
    // 200 hangs off the cycle: its path passes the cyclic subject, so it says so too.
    expect(graph.paths.find((p) => p.target_node_key === 'entity:200')!.contains_cycle).toBe(true);
  });
  it('a tree has no cycle', () => {
    const { graph } = buildAnalysisGraph(
      snapshotOf({ subject: 100, entities: [entity(100), entity(101, 'organization', 1)], rels: [[101, 100, 'OWNS', '10']] }),
      [],
      options,
    );
    expect(graph.paths.every((p) => !p.contains_cycle)).toBe(true);
  });
});

describe('graph builder: bounds truncate honestly', () => {
  // a star: 100 with 10 neighbours 101..110, each with one neighbour 201..210
  const ents = [
    entity(100),
    ...Array.from({ length: 10 }, (_, i) => entity(101 + i, 'organization', 1)),
    ...Array.from({ length: 10 }, (_, i) => entity(201 + i, 'organization', 2)),
  ];
  const rels: Rel[] = [
    ...Array.from({ length: 10 }, (_, i) => [101 + i, 100, 'OWNS', '5'] as Rel),
    ...Array.from({ length: 10 }, (_, i) => [201 + i, 101 + i, 'OWNS', '5'] as Rel),
  ];
  const snapshot = snapshotOf({ subject: 100, entities: ents, rels });

  it.each([
    [{ maxDepth: 4, maxNodes: 1000, maxFanOut: 1000 }, 21, false, []],
    [{ maxDepth: 1, maxNodes: 1000, maxFanOut: 1000 }, 11, true, ['graph_depth_limit']],
    [{ maxDepth: 4, maxNodes: 1000, maxFanOut: 4 }, 9, true, ['graph_fan_out_limit']],
    [{ maxDepth: 4, maxNodes: 15, maxFanOut: 1000 }, 15, true, ['graph_node_limit']],
  ])('%j → %i nodes, truncated %s', (bounds, count, truncated, codes) => {
    const { graph } = buildAnalysisGraph(snapshot, [], { ...bounds, uboThresholdPercent: 25 });
    expect(graph.nodes).toHaveLength(count);
    expect(graph.truncated).toBe(truncated);
    expect(graph.limitations.map((l) => l.code).filter((c) => c.startsWith('graph_'))).toEqual(codes);
    for (const l of graph.limitations) expect(l.entity_id).toBeGreaterThanOrEqual(1);
  });

  it('the fan-out cut names the entity it cut at and marks its path truncated', () => {
    const { graph } = buildAnalysisGraph(snapshot, [], { maxDepth: 4, maxNodes: 1000, maxFanOut: 4, uboThresholdPercent: 25 });
    expect(graph.limitations[0]).toMatchObject({ entity_id: 100, details: { neighbours: 10, omitted: 6 } });
    expect(graph.paths[0].truncated).toBe(true);
  });
});

describe('signal_graph_index and severities', () => {
  const ents = [entity(100), entity(1, 'person', 1), entity(101, 'organization', 2)];
  const rels: Rel[] = [
    [1, 100, 'PARTNER_OF'],
    [1, 101, 'PARTNER_OF'],
  ];
  const signals: GraphSignal[] = [
    { code: 'SANCTIONED_PARTNER_COMPANY', identified: true, observed_entity_ids: [101], graph_paths: [[100, 1, 101]], score: 80 },
    { code: 'PEP_PARTNER', identified: true, observed_entity_ids: [1], graph_paths: [], score: 30 },
    { code: 'NOT_IDENTIFIED', identified: false, observed_entity_ids: [1], graph_paths: [[100, 1]], score: 90 },
  ];
  const result = buildAnalysisGraph(snapshotOf({ subject: 100, entities: ents, rels }), signals, options);

  it('indexes every identified signal, sorted by code, with the keys that evidence it', () => {
    expect(result.signal_graph_index).toEqual([
      { signal_code: 'PEP_PARTNER', node_keys: ['entity:1'], edge_keys: [], path_ids: ['path:entity:1'] },
      {
        signal_code: 'SANCTIONED_PARTNER_COMPANY',
        node_keys: ['entity:1', 'entity:100', 'entity:101'],
        edge_keys: ['edge:rel:1000', 'edge:rel:1001'],
        path_ids: ['path:entity:1', 'path:entity:100', 'path:entity:101'],
      },
    ]);
  });

  it.each([
    ['entity:101', 'critical'],
    ['entity:1', 'critical'],
    ['entity:100', 'critical'],
  ])('node %s severity %s', (key, severity) => expect(result.graph.nodes.find((n) => n.key === key)!.signal_severity).toBe(severity));

  it('a node touched only by a medium signal is medium; untouched stays clean', () => {
    const only = buildAnalysisGraph(snapshotOf({ subject: 100, entities: ents, rels }), [signals[1]], options);
    expect(Object.fromEntries(only.graph.nodes.map((n) => [n.key, n.signal_severity]))).toEqual({
      'entity:100': 'clean',
      'entity:1': 'medium',
      'entity:101': 'clean',
    });
    expect(only.graph.edges.every((e) => e.risk_level === 'low')).toBe(true);
  });
});
