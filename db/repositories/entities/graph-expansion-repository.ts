import type { SnapshotEntity, SnapshotRelationship } from '../../../domain/analysis/snapshot';
import { ExpansionDomain, relationshipTypesByDomain } from '../../../domain/graph/expansion/expansion-domains';
import type { Neighbourhood } from '../../../domain/graph/expansion/expansion-types';
import type { Executor } from '../../create-db';
import { proceedingsWhere } from './graph-proceeding-rows';
import { otherEnd, relationshipsWhere, toDeclaration, toRelationship } from './graph-relationship-rows';

/**
 * The neighbourhood of one graph node in the entity store, per expansion domain, each domain
 * bounded by `limit` links (ordered by id, so the same store gives the same cut).
 */
export async function loadNeighbourhood(
  db: Executor,
  node: { kind: 'entity' | 'proceeding'; id: number },
  domains: ExpansionDomain[],
  limit: number,
): Promise<Neighbourhood> {
  const hood: Neighbourhood = { entities: [], relationships: [], proceedings: [], declarations: [], cut: [] };
  const take = <T>(domain: ExpansionDomain, rows: T[]): T[] => {
    if (rows.length > limit) hood.cut.push({ domain, limit });
    return rows.slice(0, limit);
  };
  const relationships = new Map<number, SnapshotRelationship>();
  for (const domain of domains) {
    if (node.kind === 'proceeding') {
      if (domain === 'proceedings')
        hood.proceedings.push(...(await proceedingsWhere(db, 'p.id = ?', node.id, limit, (rows) => take(domain, rows))));
      continue;
    }
    const types = relationshipTypesByDomain[domain];
    let rows: any[] = [];
    if (types) rows = await relationshipsWhere(db, node.id, 'r.relationship_type = ANY(?::text[])', [types], limit);
    if (domain === 'pep')
      rows = await relationshipsWhere(
        db,
        node.id,
        `EXISTS (SELECT 1 FROM pep_records x WHERE x.entity_id = ${otherEnd})`,
        [node.id],
        limit,
      );
    if (domain === 'sanctions')
      rows = await relationshipsWhere(db, node.id, `EXISTS (SELECT 1 FROM sanctions x WHERE x.entity_id = ${otherEnd})`, [node.id], limit);
    for (const r of take(domain, rows)) relationships.set(r.id, toRelationship(r));
    if (domain === 'ownership') {
      const declarations = await db('beneficial_ownership_declarations')
        .where('subject_entity_id', node.id)
        .orWhere('owner_entity_id', node.id)
        .orderBy('id')
        .limit(limit + 1);
      hood.declarations.push(...take(domain, declarations).map(toDeclaration));
    }
    if (domain === 'proceedings')
      hood.proceedings.push(
        ...(await proceedingsWhere(
          db,
          'p.id IN (SELECT proceeding_id FROM proceeding_parties WHERE entity_id = ?)',
          node.id,
          limit,
          (rows) => take(domain, rows),
          node.id,
        )),
      );
  }
  hood.relationships = [...relationships.values()].sort((a, b) => a.relationship_id - b.relationship_id);

  const ids = new Set<number>(node.kind === 'entity' ? [node.id] : []);
  for (const r of hood.relationships) ids.add(r.source_entity_id).add(r.target_entity_id);
  for (const d of hood.declarations) ids.add(d.owner_entity_id).add(d.subject_entity_id);
  for (const p of hood.proceedings) for (const party of p.parties) ids.add(party.entity_id);
  const rows =
    ids.size === 0
      ? []
      : await db('entities')
          .whereIn('id', [...ids])
          .orderBy('id')
          .select('id', 'entity_type', 'display_name', 'normalized_name', 'document', 'document_type', 'status', 'profile');
  hood.entities = rows.map((e: any): SnapshotEntity => ({
    entity_id: e.id,
    entity_type: e.entity_type,
    display_name: e.display_name,
    normalized_name: e.normalized_name,
    document: e.document,
    document_type: e.document_type,
    status: e.status,
    hop: 0,
    profile: e.profile ?? {},
  }));
  return hood;
}
