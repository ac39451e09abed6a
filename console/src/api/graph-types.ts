/** The analysis graph as GET /analyses/{uuid}/graph answers it (spec §2.7); only the fields the explorer uses. */
export type GraphNode = {
  key: string; label: string; canonical_id: number; entity_type: string | null; display_name: string; status: string;
  is_active: boolean; is_expanded: boolean; is_inferred: boolean; signal_severity: string; proceeding_number: string | null;
  proceeding_type: string | null; valid_from: string | null; valid_to: string | null;
};
export type GraphEdge = {
  projection_key: string; source_canonical_id: number; target_canonical_id: number; source_label: string; target_label: string;
  relationship_type: string; relationship_role: string | null; display_name: string; risk_level: string; status: string;
  is_active: boolean; is_expanded: boolean; confidence_level: string; evidence_type: string;
};
export type GraphPath = { path_id: string; root_node_key: string; target_node_key: string; depth: number; node_keys: string[]; edge_keys: string[]; truncated: boolean; contains_cycle: boolean };
export type EntityRef = { entity_id: number; display_name: string; entity_type: string };
export type UboPath = { path_id: string; edge_keys: string[]; node_keys: { canonical_id: number; label: string }[]; depth: number; truncated: boolean };
export type UboFinding = {
  beneficial_owner: EntityRef; organization: EntityRef; ownership_percentage: number | null; voting_percentage: number | null;
  control_type: string; status: string; identification_reason: string; control_chain_depth: number; paths: UboPath[];
};
export type GraphLimitation = { code: string; message: string; details: Record<string, unknown>; entity_id: number };
export type AnalysisGraphResponse = {
  graph: { root_entity_id: number; nodes: GraphNode[]; edges: GraphEdge[]; paths: GraphPath[]; limitations: GraphLimitation[]; truncated: boolean } | null;
  network_peps: { entity: EntityRef; pep_degree: number; position_title: string | null; institution_name: string | null; pep_status: string; pep_type: string }[];
  signal_graph_index: { signal_code: string; node_keys: string[]; edge_keys: string[]; path_ids: string[] }[];
  ubo_findings: UboFinding[];
  ubo_resolution: { fully_resolved: boolean; has_upstream_ownership: boolean; unresolved: { entity: EntityRef; paths: UboPath[] }[] } | null;
};
