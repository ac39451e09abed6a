import type { SnapshotOwnershipDeclaration, SnapshotRelationship } from '../../../domain/analysis/snapshot';
import type { Executor } from '../../create-db';

/** Relationship and ownership-declaration rows of the entity store as snapshot facts. */
export const toRelationship = (r: any): SnapshotRelationship => ({
  relationship_id: r.id,
  source_entity_id: r.source_entity_id,
  target_entity_id: r.target_entity_id,
  relationship_type: r.relationship_type,
  relationship_subtype: r.relationship_subtype,
  relationship_role: r.relationship_role,
  qualification_code: r.qualification_code,
  ownership_percentage: r.ownership_percentage,
  voting_percentage: r.voting_percentage,
  valid_from: r.valid_from,
  valid_to: r.valid_to,
  is_active: r.is_active,
  evidence_source: r.evidence_source,
  evidence_table: r.evidence_table,
  evidence_id: r.evidence_id,
  confidence_level: r.confidence_level,
});

export const toDeclaration = (d: any): SnapshotOwnershipDeclaration => ({
  declaration_id: d.id,
  subject_entity_id: d.subject_entity_id,
  owner_entity_id: d.owner_entity_id,
  interest_types: d.interest_types ?? [],
  share_exact: d.share_exact,
  share_minimum: d.share_minimum,
  share_maximum: d.share_maximum,
  is_direct: d.is_direct,
  beneficial_ownership_or_control: d.beneficial_ownership_or_control,
  start_date: d.start_date,
  end_date: d.end_date,
  statement_id: d.statement_id,
});

const relationshipColumns =
  'r.id, r.source_entity_id, r.target_entity_id, r.relationship_type, r.relationship_subtype, r.relationship_role, r.qualification_code, r.ownership_percentage, r.voting_percentage, r.valid_from, r.valid_to, r.is_active, r.evidence_source, r.evidence_table, r.evidence_id, r.confidence_level';

/** Relationships touching an entity that pass `filter`, by id, one more than `limit` (so that a cut shows). */
export async function relationshipsWhere(
  db: Executor,
  entityId: number,
  filter: string,
  bindings: unknown[],
  limit: number,
): Promise<any[]> {
  const result = await db.raw(
    `SELECT ${relationshipColumns} FROM relationships r
      WHERE (r.source_entity_id = ? OR r.target_entity_id = ?) AND ${filter}
      ORDER BY r.id LIMIT ?`,
    [entityId, entityId, ...bindings, limit + 1],
  );
  return result.rows;
}

/** The entity at the other end of a relationship from the one bound to `?`. */
export const otherEnd = `CASE WHEN r.source_entity_id = ? THEN r.target_entity_id ELSE r.source_entity_id END`;
