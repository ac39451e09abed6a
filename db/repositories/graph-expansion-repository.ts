import type { SnapshotEntity, SnapshotOwnershipDeclaration, SnapshotProceeding, SnapshotRelationship } from '../../domain/analysis/snapshot';
import { ExpansionDomain, relationshipTypesByDomain } from '../../domain/graph/expansion/expansion-domains';
import type { Neighbourhood } from '../../domain/graph/expansion/expansion-types';
import type { Executor } from '../create-db';

/**
 * The neighbourhood of one graph node in the entity store, per expansion domain, each domain
 * bounded by `limit` links (ordered by id, so the same store gives the same cut).
 */
const toRelationship = (r: any): SnapshotRelationship => ({
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

const toDeclaration = (d: any): SnapshotOwnershipDeclaration => ({
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

const relationshipColumns = 'r.id, r.source_entity_id, r.target_entity_id, r.relationship_type, r.relationship_subtype, r.relationship_role, r.qualification_code, r.ownership_percentage, r.voting_percentage, r.valid_from, r.valid_to, r.is_active, r.evidence_source, r.evidence_table, r.evidence_id, r.confidence_level';

async function relationshipsWhere(db: Executor, entityId: number, filter: string, bindings: unknown[], limit: number): Promise<any[]> {
  const result = await db.raw(
    `SELECT ${relationshipColumns} FROM relationships r
      WHERE (r.source_entity_id = ? OR r.target_entity_id = ?) AND ${filter}
      ORDER BY r.id LIMIT ?`,
    [entityId, entityId, ...bindings, limit + 1],
  );
  return result.rows;
}

const otherEnd = `CASE WHEN r.source_entity_id = ? THEN r.target_entity_id ELSE r.source_entity_id END`;

export async function loadNeighbourhood(db: Executor, node: { kind: 'entity' | 'proceeding'; id: number }, domains: ExpansionDomain[], limit: number): Promise<Neighbourhood> {
  const hood: Neighbourhood = { entities: [], relationships: [], proceedings: [], declarations: [], cut: [] };
  const take = <T>(domain: ExpansionDomain, rows: T[]): T[] => {
    if (rows.length > limit) hood.cut.push({ domain, limit });
    return rows.slice(0, limit);
  };
  const relationships = new Map<number, SnapshotRelationship>();
  for (const domain of domains) {
    if (node.kind === 'proceeding') {
      if (domain === 'proceedings') hood.proceedings.push(...(await proceedingsWhere(db, 'p.id = ?', node.id, limit, (rows) => take(domain, rows))));
      continue;
    }
    const types = relationshipTypesByDomain[domain];
    let rows: any[] = [];
    if (types) rows = await relationshipsWhere(db, node.id, 'r.relationship_type = ANY(?::text[])', [types], limit);
    if (domain === 'pep') rows = await relationshipsWhere(db, node.id, `EXISTS (SELECT 1 FROM pep_records x WHERE x.entity_id = ${otherEnd})`, [node.id], limit);
    if (domain === 'sanctions') rows = await relationshipsWhere(db, node.id, `EXISTS (SELECT 1 FROM sanctions x WHERE x.entity_id = ${otherEnd})`, [node.id], limit);
    for (const r of take(domain, rows)) relationships.set(r.id, toRelationship(r));
    if (domain === 'ownership') {
      const declarations = await db('beneficial_ownership_declarations').where('subject_entity_id', node.id).orWhere('owner_entity_id', node.id).orderBy('id').limit(limit + 1);
      hood.declarations.push(...take(domain, declarations).map(toDeclaration));
    }
    if (domain === 'proceedings') hood.proceedings.push(...(await proceedingsWhere(db, 'p.id IN (SELECT proceeding_id FROM proceeding_parties WHERE entity_id = ?)', node.id, limit, (rows) => take(domain, rows), node.id)));
  }
  hood.relationships = [...relationships.values()].sort((a, b) => a.relationship_id - b.relationship_id);

  const ids = new Set<number>(node.kind === 'entity' ? [node.id] : []);
  for (const r of hood.relationships) ids.add(r.source_entity_id).add(r.target_entity_id);
  for (const d of hood.declarations) ids.add(d.owner_entity_id).add(d.subject_entity_id);
  for (const p of hood.proceedings) for (const party of p.parties) ids.add(party.entity_id);
  const rows = ids.size === 0 ? [] : await db('entities').whereIn('id', [...ids]).orderBy('id').select('id', 'entity_type', 'display_name', 'normalized_name', 'document', 'document_type', 'status', 'profile');
  hood.entities = rows.map((e: any): SnapshotEntity => ({ entity_id: e.id, entity_type: e.entity_type, display_name: e.display_name, normalized_name: e.normalized_name, document: e.document, document_type: e.document_type, status: e.status, hop: 0, profile: e.profile ?? {} }));
  return hood;
}

/** Proceedings with their resolved parties; `onlyParty` keeps the expanded entity's own party rows. */
async function proceedingsWhere(db: Executor, filter: string, id: number, limit: number, take: (rows: any[]) => any[], onlyParty?: number): Promise<SnapshotProceeding[]> {
  const result = await db.raw(`SELECT p.* FROM proceedings p WHERE ${filter} ORDER BY p.id LIMIT ?`, [id, limit + 1]);
  const proceedings = take(result.rows);
  if (proceedings.length === 0) return [];
  let parties = db('proceeding_parties').whereIn('proceeding_id', proceedings.map((p: any) => p.id)).whereNotNull('entity_id');
  if (onlyParty !== undefined) parties = parties.where('entity_id', onlyParty);
  const partyRows = await parties.orderBy('id').select('proceeding_id', 'entity_id', 'role');
  return proceedings.map((p: any) => ({
    proceeding_id: p.id,
    proceeding_number: p.proceeding_number,
    proceeding_type: p.proceeding_type,
    status: p.status,
    opened_at: p.opened_at,
    decision_date: p.decision_date,
    closed_at: p.closed_at,
    authority: p.authority,
    summary: p.summary,
    parties: partyRows.filter((x: any) => x.proceeding_id === p.id).map((x: any) => ({ entity_id: x.entity_id, role: x.role })),
  }));
}
