import type { AnalysisGraphResponse, GraphEdge, GraphNode } from '../../../../../console/src/api/types';
import { buildGraphModel, declaredPercent, diffGraphModels, highlightForPath, highlightForSignal, nodeKeyOf } from '../../../../../console/src/logic/graph-model';

const node = (id: number, extra: Partial<GraphNode> = {}): GraphNode => ({
  key: `entity:${id}`, label: 'Entity', canonical_id: id, entity_type: 'organization', display_name: `N${id}`, status: 'ATIVA', is_active: true,
  is_expanded: false, is_inferred: false, signal_severity: 'clean', proceeding_number: null, proceeding_type: null, valid_from: null, valid_to: null, ...extra,
});
const edge = (key: string, source: number, target: number, extra: Partial<GraphEdge> = {}): GraphEdge => ({
  projection_key: key, source_canonical_id: source, target_canonical_id: target, source_label: 'Entity', target_label: 'Entity', relationship_type: 'OWNS',
  relationship_role: null, display_name: `N${source} → N${target} (OWNS)`, risk_level: 'low', status: 'active', is_active: true, is_expanded: false, confidence_level: 'high', evidence_type: 'rf', ...extra,
});
const path = (target: number, via: number[], edges: string[]) => ({
  path_id: `path:entity:${target}`, root_node_key: 'entity:1', target_node_key: `entity:${target}`, depth: via.length - 1, node_keys: via.map((v) => `entity:${v}`), edge_keys: edges, truncated: false, contains_cycle: false,
});

/** Subject 1 ← owned by 2 (PEP) ← owned by 3 (sanctioned, 3 hops by way of 2), and 4 declared owner of 1 at 60 %. */
function response(): AnalysisGraphResponse {
  return {
    graph: {
      root_entity_id: 1,
      nodes: [node(1, { signal_severity: 'high' }), node(2, { entity_type: 'person' }), node(3), node(4, { entity_type: 'person' }), { ...node(9), key: 'proceeding:9', label: 'AdministrativeProceeding', entity_type: null }],
      edges: [edge('edge:rel:1', 2, 1), edge('edge:rel:2', 3, 2), edge('edge:decl:5', 4, 1, { display_name: 'N4 → N1 (declared 60.000000%)' }), edge('edge:party:9:1', 9, 1, { source_label: 'AdministrativeProceeding' }), edge('edge:rel:7', 1, 77)],
      paths: [path(1, [1], []), path(2, [1, 2], ['edge:rel:1']), path(3, [1, 2, 3], ['edge:rel:1', 'edge:rel:2']), path(4, [1, 4], ['edge:decl:5'])],
      limitations: [],
      truncated: true,
    },
    network_peps: [{ entity: { entity_id: 2, display_name: 'N2', entity_type: 'person' }, pep_degree: 1, position_title: 'VEREADOR', institution_name: null, pep_status: 'active', pep_type: 'elected_official' }],
    signal_graph_index: [
      { signal_code: 'SANCTION_ACTIVE_NETWORK', node_keys: ['entity:1', 'entity:2', 'entity:3'], edge_keys: ['edge:rel:1', 'edge:rel:2'], path_ids: ['path:entity:1', 'path:entity:2', 'path:entity:3'] },
      { signal_code: 'PEP_ASSOCIATE_DIRECT', node_keys: ['entity:2'], edge_keys: [], path_ids: ['path:entity:2'] },
    ],
    ubo_findings: [{
      beneficial_owner: { entity_id: 4, display_name: 'N4', entity_type: 'person' }, organization: { entity_id: 1, display_name: 'N1', entity_type: 'organization' },
      ownership_percentage: 60, voting_percentage: null, control_type: 'ownership', status: 'confirmed', identification_reason: '', control_chain_depth: 1,
      paths: [{ path_id: 'ubo:1>4', edge_keys: ['edge:decl:5'], node_keys: [{ canonical_id: 1, label: 'Entity' }, { canonical_id: 4, label: 'Entity' }], depth: 1, truncated: false }],
    }],
    ubo_resolution: null,
  };
}

describe('the explorer model of an analysis graph', () => {
  const model = buildGraphModel(response())!;
  const byKey = new Map(model.nodes.map((n) => [n.key, n]));

  it.each([
    ['the subject is the root', 'entity:1', { isRoot: true, isPep: false, isSanctioned: false, uboPercent: null }],
    ['a network PEP carries the PEP badge', 'entity:2', { isRoot: false, isPep: true, isSanctioned: false, uboPercent: null }],
    ['the sanctioned node is the end of the signal path, not the way to it', 'entity:3', { isRoot: false, isPep: false, isSanctioned: true, uboPercent: null }],
    ['a beneficial owner carries its percentage', 'entity:4', { isRoot: false, isPep: false, isSanctioned: false, uboPercent: 60 }],
  ])('%s', (_why, key, expected) => {
    expect(byKey.get(key)).toMatchObject(expected);
  });

  it('keys proceedings apart from entities and drops an edge to a node outside the cut', () => {
    expect(nodeKeyOf('AdministrativeProceeding', 9)).toBe('proceeding:9');
    expect(byKey.get('proceeding:9')?.kind).toBe('proceeding');
    expect(model.edges.map((e) => e.key)).toEqual(['edge:rel:1', 'edge:rel:2', 'edge:decl:5', 'edge:party:9:1']);
    expect(model.edges.find((e) => e.key === 'edge:party:9:1')).toMatchObject({ source: 'proceeding:9', target: 'entity:1' });
  });

  it('marks the owner chain and reads the declared share of a declaration edge', () => {
    expect(model.edges.find((e) => e.key === 'edge:decl:5')).toMatchObject({ isUbo: true, percent: 60 });
    expect(model.edges.find((e) => e.key === 'edge:rel:1')).toMatchObject({ isUbo: false, percent: null });
    expect(declaredPercent('A → B (declared 91.000000%)')).toBe(91);
    expect(declaredPercent('A → B (OWNS)')).toBeNull();
  });

  it('keeps truncation and the signal list as the api gives them', () => {
    expect(model.truncated).toBe(true);
    expect(model.signalCodes).toEqual(['SANCTION_ACTIVE_NETWORK', 'PEP_ASSOCIATE_DIRECT']);
  });

  it('lights a signal with every node and edge of its paths, and nothing for an unknown code', () => {
    const lit = highlightForSignal(response(), model, 'SANCTION_ACTIVE_NETWORK')!;
    expect([...lit.nodes].sort()).toEqual(['entity:1', 'entity:2', 'entity:3']);
    expect([...lit.edges].sort()).toEqual(['edge:rel:1', 'edge:rel:2']);
    expect(highlightForSignal(response(), model, 'NOPE')).toBeNull();
  });

  it('lights the path from the subject to a node', () => {
    const lit = highlightForPath(model, 'entity:3')!;
    expect([...lit.edges]).toEqual(['edge:rel:1', 'edge:rel:2']);
    expect(highlightForPath(model, 'entity:404')).toBeNull();
  });

  it('is null while the graph is not built', () => {
    expect(buildGraphModel({ ...response(), graph: null })).toBeNull();
  });

  it('finds what an expansion added and which nodes became expanded', () => {
    const grown = response();
    grown.graph!.nodes.push(node(5));
    grown.graph!.nodes[2] = { ...grown.graph!.nodes[2], is_expanded: true };
    grown.graph!.edges.push(edge('edge:rel:8', 5, 3));
    const diff = diffGraphModels(model, buildGraphModel(grown)!);
    expect(diff.nodes.map((n) => n.key)).toEqual(['entity:5']);
    expect(diff.edges.map((e) => e.key)).toEqual(['edge:rel:8']);
    expect(diff.changed.map((n) => n.key)).toEqual(['entity:3']);
  });
});
