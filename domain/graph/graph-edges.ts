import type { SnapshotOwnershipDeclaration, SnapshotProceeding, SnapshotRelationship } from '../analysis/snapshot';
import { isProceedingActive } from './graph-nodes';
import { declarationEdgeKey, partyEdgeKey, relationshipEdgeKey } from './keys';
import type { GraphEdge } from './types';
import { declarationStatus, validityStatus } from '../snapshot-facts/validity';

type Names = (entityId: number) => string;

const integerOrNull = (value: string | null): number | null => (value !== null && /^\d{1,15}$/.test(value) ? Number(value) : null);

export function relationshipEdge(r: SnapshotRelationship, names: Names, asOf: string): GraphEdge {
  const status = validityStatus(r, asOf);
  return {
    projection_key: relationshipEdgeKey(r.relationship_id),
    source_canonical_id: r.source_entity_id,
    target_canonical_id: r.target_entity_id,
    source_label: 'Entity',
    target_label: 'Entity',
    canonical_id: r.relationship_id,
    canonical_table: 'relationships',
    source_id: r.relationship_id,
    relationship_type: r.relationship_type,
    relationship_subtype: r.relationship_subtype,
    relationship_role: r.relationship_role,
    display_name: `${names(r.source_entity_id)} → ${names(r.target_entity_id)} (${r.relationship_role ?? r.relationship_type})`,
    confidence_level: r.confidence_level,
    evidence_table: r.evidence_table,
    evidence_type: r.evidence_source,
    evidence_id: integerOrNull(r.evidence_id),
    evidence_count: 1,
    risk_level: 'low',
    status,
    is_active: status === 'active',
    is_expanded: false,
    is_inferred: false,
    valid_from: r.valid_from,
    valid_to: r.valid_to,
  };
}

/** One edge per (proceeding, party entity); several roles of one party merge into it. */
export function partyEdges(p: SnapshotProceeding, names: Names, asOf: string, include: (entityId: number) => boolean): GraphEdge[] {
  const roles = new Map<number, Set<string>>();
  for (const party of p.parties) {
    if (!include(party.entity_id)) continue;
    const set = roles.get(party.entity_id) ?? roles.set(party.entity_id, new Set()).get(party.entity_id)!;
    if (party.role) set.add(party.role);
  }
  const active = isProceedingActive(p, asOf);
  return [...roles]
    .sort((a, b) => a[0] - b[0])
    .map(([entityId, set]) => ({
      projection_key: partyEdgeKey(p.proceeding_id, entityId),
      source_canonical_id: entityId,
      target_canonical_id: p.proceeding_id,
      source_label: 'Entity',
      target_label: 'AdministrativeProceeding',
      canonical_id: p.proceeding_id,
      canonical_table: 'proceedings',
      source_id: p.proceeding_id,
      relationship_type: 'PARTY_TO_PROCEEDING',
      relationship_subtype: p.proceeding_type,
      relationship_role: set.size > 0 ? [...set].sort().join(', ') : null,
      display_name: `${names(entityId)} → ${p.proceeding_number} (${set.size > 0 ? [...set].sort().join(', ') : 'party'})`,
      confidence_level: 'high',
      evidence_table: 'proceeding_parties',
      evidence_type: 'proceedings',
      evidence_id: p.proceeding_id,
      evidence_count: Math.max(1, set.size),
      risk_level: 'low',
      status: active ? 'active' : 'ended',
      is_active: active,
      is_expanded: false,
      is_inferred: false,
      valid_from: p.opened_at,
      valid_to: p.closed_at,
    }));
}

export function declarationEdge(d: SnapshotOwnershipDeclaration, names: Names, asOf: string): GraphEdge {
  const status = declarationStatus(d, asOf);
  const share = d.share_exact ?? (d.share_minimum || d.share_maximum ? `${d.share_minimum ?? '?'}–${d.share_maximum ?? '?'}` : null);
  return {
    projection_key: declarationEdgeKey(d.declaration_id),
    source_canonical_id: d.owner_entity_id,
    target_canonical_id: d.subject_entity_id,
    source_label: 'Entity',
    target_label: 'Entity',
    canonical_id: d.declaration_id,
    canonical_table: 'beneficial_ownership_declarations',
    source_id: d.declaration_id,
    relationship_type: 'DECLARED_OWNERSHIP',
    relationship_subtype: d.interest_types.length > 0 ? [...d.interest_types].sort().join(',') : null,
    relationship_role: d.beneficial_ownership_or_control === false ? 'declared_holder' : 'beneficial_owner',
    display_name: `${names(d.owner_entity_id)} → ${names(d.subject_entity_id)} (declared${share ? ` ${share}%` : ''})`,
    confidence_level: 'high',
    evidence_table: 'beneficial_ownership_declarations',
    evidence_type: 'bods',
    evidence_id: d.declaration_id,
    evidence_count: 1,
    risk_level: 'low',
    status,
    is_active: status === 'active',
    is_expanded: false,
    is_inferred: false,
    valid_from: d.start_date,
    valid_to: d.end_date,
  };
}
