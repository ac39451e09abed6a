import type { NamedEntity } from '../../../domain/media/screening-names';
import type { Executor } from '../../create-db';

/** A party tied to the subject by one active relationship of the asked types. */
export type RelatedPartyRow = { entity: NamedEntity; relationship_type: string; relationship_role: string | null };

/** The fields of an entity a screening reads its names from. */
export async function findNamedEntity(db: Executor, entityId: number): Promise<NamedEntity | undefined> {
  const row = await db('entities').where({ id: entityId }).first('id', 'entity_type', 'display_name', 'profile');
  if (!row) return undefined;
  return { entity_id: Number(row.id), entity_type: row.entity_type, display_name: row.display_name, profile: row.profile };
}

/** The parties with an active relationship of `relationshipTypes` to the entity (not itself), by entity id then relationship id. */
export async function listRelatedPartyRows(
  db: Executor,
  entityId: number,
  relationshipTypes: readonly string[],
): Promise<RelatedPartyRow[]> {
  const rows = await db('relationships as r')
    .join('entities as e', 'e.id', 'r.source_entity_id')
    .where('r.target_entity_id', entityId)
    .andWhere('r.is_active', true)
    .whereIn('r.relationship_type', [...relationshipTypes])
    .whereNot('e.id', entityId)
    .orderBy([{ column: 'e.id' }, { column: 'r.id' }])
    .select('e.id', 'e.entity_type', 'e.display_name', 'e.profile', 'r.relationship_type', 'r.relationship_role');
  return rows.map((r: any) => ({
    entity: { entity_id: Number(r.id), entity_type: r.entity_type, display_name: r.display_name, profile: r.profile },
    relationship_type: r.relationship_type,
    relationship_role: r.relationship_role,
  }));
}
