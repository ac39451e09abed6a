import { NamedEntity, nameKindOf, relatedPartyTypes, relationOf } from '../../../domain/media/screening-names';
import type { Executor } from '../../create-db';

/** Related parties screened with an organization at most; more is a limitation. */
const RELATED_LIMIT = 100;

export type ScreeningSubject = { entity: NamedEntity; related: { entity: NamedEntity; relatedAs: 'partner' | 'administrator' }[]; relatedTruncated: boolean };

/** The subject and, for an organization when asked, its active partners and administrators. */
export async function loadScreeningSubject(db: Executor, entityId: number, includeRelated: boolean): Promise<ScreeningSubject | undefined> {
  const row = await db('entities').where({ id: entityId }).first('id', 'entity_type', 'display_name', 'profile');
  if (!row) return undefined;
  const entity: NamedEntity = { entity_id: Number(row.id), entity_type: row.entity_type, display_name: row.display_name, profile: row.profile };
  if (!includeRelated || nameKindOf(entity.entity_type) === 'person') return { entity, related: [], relatedTruncated: false };
  const rows = await db('relationships as r')
    .join('entities as e', 'e.id', 'r.source_entity_id')
    .where('r.target_entity_id', entityId)
    .andWhere('r.is_active', true)
    .whereIn('r.relationship_type', [...relatedPartyTypes])
    .whereNot('e.id', entityId)
    .orderBy([{ column: 'e.id' }, { column: 'r.id' }])
    .select('e.id', 'e.entity_type', 'e.display_name', 'e.profile', 'r.relationship_type', 'r.relationship_role');
  const byId = new Map<number, { entity: NamedEntity; relatedAs: 'partner' | 'administrator' }>();
  for (const r of rows) {
    const relatedAs = relationOf(r.relationship_type, r.relationship_role);
    const current = byId.get(Number(r.id));
    // One entity may be partner and administrator: administrator is the stronger tie.
    if (current && (current.relatedAs === 'administrator' || relatedAs === 'partner')) continue;
    byId.set(Number(r.id), { entity: { entity_id: Number(r.id), entity_type: r.entity_type, display_name: r.display_name, profile: r.profile }, relatedAs });
  }
  const related = [...byId.values()];
  return { entity, related: related.slice(0, RELATED_LIMIT), relatedTruncated: related.length > RELATED_LIMIT };
}
