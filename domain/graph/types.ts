import type { EntityType } from '../analysis/snapshot';
import type { PepStatus } from '../snapshot-facts/pep-status';

/**
 * The analysis graph of docs/graph.md. Keys are deterministic strings (domain/graph/keys.ts) so that
 * a client can highlight the same element across reads, expansions and signal indexes.
 */
export type RiskLevelValue = 'low' | 'medium' | 'high' | 'critical';
/** 'clean': no identified signal touches it; 'not_evaluated': added by an expansion after scoring. */
export type SignalSeverity = 'clean' | 'not_evaluated' | RiskLevelValue;

export type GraphNode = {
  key: string;
  label: 'Entity' | 'AdministrativeProceeding';
  canonical_id: number;
  canonical_table: 'entities' | 'proceedings';
  source_id: number;
  entity_type: EntityType | null;
  display_name: string;
  status: string;
  is_active: boolean;
  is_expanded: boolean;
  is_inferred: boolean;
  signal_severity: SignalSeverity;
  valid_from: string | null;
  valid_to: string | null;
  opened_at: string | null;
  decision_date: string | null;
  closed_at: string | null;
  proceeding_number: string | null;
  proceeding_type: string | null;
};

export type GraphEdge = {
  projection_key: string;
  source_canonical_id: number;
  target_canonical_id: number;
  source_label: GraphNode['label'];
  target_label: GraphNode['label'];
  canonical_id: number;
  canonical_table: 'relationships' | 'proceedings' | 'beneficial_ownership_declarations';
  source_id: number;
  relationship_type: string;
  relationship_subtype: string | null;
  relationship_role: string | null;
  display_name: string;
  confidence_level: string;
  evidence_table: string | null;
  evidence_type: string;
  evidence_id: number | null;
  evidence_count: number;
  risk_level: RiskLevelValue;
  status: 'active' | 'inactive' | 'ended' | 'not_started';
  is_active: boolean;
  is_expanded: boolean;
  is_inferred: boolean;
  valid_from: string | null;
  valid_to: string | null;
};

export type PathDirection = 'self' | 'outgoing' | 'incoming' | 'mixed';

export type GraphPath = {
  path_id: string;
  root_node_key: string;
  target_node_key: string;
  depth: number;
  direction: PathDirection;
  contains_cycle: boolean;
  node_keys: string[];
  edge_keys: string[];
  equivalent_path_count: number;
  truncated: boolean;
};

export type GraphLimitation = { code: string; message: string; details: Record<string, unknown>; entity_id: number };

export type GraphBody = {
  root_entity_id: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
  paths: GraphPath[];
  limitations: GraphLimitation[];
  truncated: boolean;
};

export type EntityRef = { entity_id: number; display_name: string; entity_type: EntityType };

export type NetworkPep = {
  entity: EntityRef;
  pep_degree: number;
  position_title: string | null;
  institution_name: string | null;
  start_date: string | null;
  end_date: string | null;
  pep_status: PepStatus;
  pep_type: string;
};

export type SignalGraphIndexItem = { signal_code: string; node_keys: string[]; edge_keys: string[]; path_ids: string[] };

export type UboNodeRef = { canonical_id: number; label: 'Entity' };

export type UboPath = {
  path_id: string;
  root_node_key: UboNodeRef;
  target_node_key: UboNodeRef;
  node_keys: UboNodeRef[];
  edge_keys: string[];
  depth: number;
  direction: 'self' | 'incoming';
  contains_cycle: boolean;
  equivalent_path_count: number;
  truncated: boolean;
};

export type BeneficialOwnershipType = 'declared_ubo' | 'computed_ownership' | 'control' | 'registry_partner' | 'senior_managing_official';

export type UboFinding = {
  beneficial_owner: EntityRef;
  organization: EntityRef;
  beneficial_ownership_type: BeneficialOwnershipType;
  confidence_level: 'high' | 'medium' | 'low';
  control_type: 'ownership' | 'voting' | 'both' | 'other_influence' | 'management';
  status: 'confirmed' | 'probable' | 'discrepancy' | 'unverified' | 'fallback';
  source: 'declared_beneficial_ownership' | 'registry_partner_data' | 'computed';
  identification_reason: string;
  control_chain_depth: number;
  is_direct: boolean;
  ownership_percentage: number | null;
  voting_percentage: number | null;
  limitations: GraphLimitation[];
  paths: UboPath[];
};

export type UboResolution = {
  fully_resolved: boolean;
  has_upstream_ownership: boolean;
  unresolved: { entity: EntityRef; paths: UboPath[] }[];
};

export type AnalysisGraph = {
  graph: GraphBody;
  network_peps: NetworkPep[];
  signal_graph_index: SignalGraphIndexItem[];
  ubo_findings: UboFinding[];
  ubo_resolution: UboResolution | null;
};

// Options and signal input of buildAnalysisGraph, re-exported for the callers that import them from here.
export { DEFAULT_MAX_FAN_OUT, type GraphSignal } from './graph-options';
