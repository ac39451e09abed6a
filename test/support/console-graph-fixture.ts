import type { AnalysisGraphResponse, GraphEdge, GraphNode } from '../../console/src/api/graph-types';

/** A small analysis graph in the API's shape for the console's unit tests. */
export const node = (id: number, extra: Partial<GraphNode> = {}): GraphNode => ({
  key: `entity:${id}`, label: 'Entity', canonical_id: id, entity_type: 'organization', display_name: `N${id}`, status: 'ATIVA', is_active: true,
  is_expanded: false, is_inferred: false, signal_severity: 'clean', proceeding_number: null, proceeding_type: null, valid_from: null, valid_to: null,
  canonical_table: 'entities', source_id: id, opened_at: null, closed_at: null, decision_date: null, ...extra,
});
export const edge = (key: string, source: number, target: number, extra: Partial<GraphEdge> = {}): GraphEdge => ({
  projection_key: key, source_canonical_id: source, target_canonical_id: target, source_label: 'Entity', target_label: 'Entity', relationship_type: 'OWNS',
  relationship_role: null, display_name: `N${source} → N${target} (OWNS)`, risk_level: 'low', status: 'active', is_active: true, is_expanded: false, confidence_level: 'high', evidence_type: 'rf',
  canonical_id: source * 1000 + target, canonical_table: 'relationships', source_id: source, evidence_count: 1, evidence_id: null, evidence_table: null, is_inferred: false, relationship_subtype: null, valid_from: null, valid_to: null, ...extra,
});
const path = (target: number, via: number[], edges: string[]) => ({
  path_id: `path:entity:${target}`, root_node_key: 'entity:1', target_node_key: `entity:${target}`, depth: via.length - 1, node_keys: via.map((v) => `entity:${v}`), edge_keys: edges, truncated: false, contains_cycle: false,
  direction: 'upstream', equivalent_path_count: 1,
});

/** Subject 1 ← owned by 2 (PEP) ← owned by 3 (sanctioned, 3 hops by way of 2), and 4 declared owner of 1 at 60 %. */
export function graphResponse(): AnalysisGraphResponse {
  return {
    graph: {
      root_entity_id: 1,
      nodes: [node(1, { signal_severity: 'high' }), node(2, { entity_type: 'person' }), node(3), node(4, { entity_type: 'person' }), { ...node(9), key: 'proceeding:9', label: 'AdministrativeProceeding', entity_type: null }],
      edges: [edge('edge:rel:1', 2, 1), edge('edge:rel:2', 3, 2), edge('edge:decl:5', 4, 1, { display_name: 'N4 → N1 (declared 60.000000%)' }), edge('edge:party:9:1', 9, 1, { source_label: 'AdministrativeProceeding' }), edge('edge:rel:7', 1, 77)],
      paths: [path(1, [1], []), path(2, [1, 2], ['edge:rel:1']), path(3, [1, 2, 3], ['edge:rel:1', 'edge:rel:2']), path(4, [1, 4], ['edge:decl:5'])],
      limitations: [],
      truncated: true,
    },
    network_peps: [{ entity: { entity_id: 2, display_name: 'N2', entity_type: 'person' }, pep_degree: 1, position_title: 'VEREADOR', institution_name: null, pep_status: 'active', pep_type: 'elected_official', start_date: null, end_date: null }],
    signal_graph_index: [
      { signal_code: 'SANCTION_ACTIVE_NETWORK', node_keys: ['entity:1', 'entity:2', 'entity:3'], edge_keys: ['edge:rel:1', 'edge:rel:2'], path_ids: ['path:entity:1', 'path:entity:2', 'path:entity:3'] },
      { signal_code: 'PEP_ASSOCIATE_DIRECT', node_keys: ['entity:2'], edge_keys: [], path_ids: ['path:entity:2'] },
    ],
    ubo_findings: [{
      beneficial_owner: { entity_id: 4, display_name: 'N4', entity_type: 'person' }, organization: { entity_id: 1, display_name: 'N1', entity_type: 'organization' },
      ownership_percentage: 60, voting_percentage: null, control_type: 'ownership', status: 'confirmed', identification_reason: '', control_chain_depth: 1,
      beneficial_ownership_type: 'ownership', confidence_level: 'high', is_direct: true, limitations: [], source: 'declaration',
      paths: [{
        path_id: 'ubo:1>4', edge_keys: ['edge:decl:5'], node_keys: [{ canonical_id: 1, label: 'Entity' }, { canonical_id: 4, label: 'Entity' }], depth: 1, truncated: false,
        root_node_key: { canonical_id: 1, label: 'Entity' }, target_node_key: { canonical_id: 4, label: 'Entity' }, direction: 'upstream', contains_cycle: false, equivalent_path_count: 1,
      }],
    }],
    ubo_resolution: null,
  };
}
