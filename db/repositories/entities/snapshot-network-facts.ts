import type { Executor } from '../../create-db';
import type {
  SnapshotEntity,
  SnapshotOwnershipDeclaration,
  SnapshotPepRecord,
  SnapshotProceeding,
  SnapshotRelationship,
  SnapshotSanction,
} from '../../../domain/analysis/snapshot';

/** An id array as a SQL literal: ids are integers from the database, checked again here. */
function bigintArray(ids: number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an entity id: ${id}`);
  return `'{${ids.join(',')}}'::bigint[]`;
}

type NetworkFacts = {
  entities: SnapshotEntity[];
  relationships: SnapshotRelationship[];
  pepRecords: SnapshotPepRecord[];
  sanctions: SnapshotSanction[];
  proceedings: SnapshotProceeding[];
  declarations: SnapshotOwnershipDeclaration[];
  beyond: Set<number>;
};

/**
 * Everything the snapshot holds about the kept entities, in ONE round trip: the statements go
 * as one multi-statement simple query (the id arrays inlined as literals, since the simple
 * protocol takes no parameters). Seven pooled queries cost seven connection checkouts, seven
 * socket writes and seven result reads per analysis; the rows and their text-format values
 * (and so the snapshot) are exactly those of separate queries.
 */
export async function loadNetworkFacts(db: Executor, ids: number[], hops: Map<number, number>, boundary: number[]): Promise<NetworkFacts> {
  const kept = bigintArray(ids);
  const edge = bigintArray(boundary);
  // CEPIM and CEAF rows share the sanctions table but no rule of the catalog reads them yet: the
  // catalog version that does will widen this (docs/watchlists.md, "Sources and formats").
  const statements = [
    `SELECT id, entity_type, display_name, normalized_name, document, document_type, status, profile FROM entities WHERE id = ANY(${kept})`,
    `SELECT id, source_entity_id, target_entity_id, relationship_type, relationship_subtype, relationship_role, qualification_code,
            ownership_percentage, voting_percentage, valid_from, valid_to, is_active, evidence_source, evidence_table, evidence_id, confidence_level
       FROM relationships WHERE source_entity_id = ANY(${kept}) AND target_entity_id = ANY(${kept})`,
    `SELECT id, entity_id, role_acronym, role_description, role_level, institution_name, start_date, end_date, grace_end_date, pep_type
       FROM pep_records WHERE entity_id = ANY(${kept})`,
    `SELECT id, entity_id, list_code, sanction_type, start_date, end_date, sanctioning_body, process_number, legal_basis FROM sanctions WHERE entity_id = ANY(${kept}) AND list_code IN ('ceis', 'cnep')`,
    `SELECT proceeding_id, entity_id, role FROM proceeding_parties WHERE entity_id = ANY(${kept})`,
    `SELECT id, proceeding_number, proceeding_type, status, opened_at, decision_date, closed_at, authority, summary
       FROM proceedings WHERE id IN (SELECT proceeding_id FROM proceeding_parties WHERE entity_id = ANY(${kept}))`,
    `SELECT id, subject_entity_id, owner_entity_id, interest_types, share_exact, share_minimum, share_maximum, is_direct,
            beneficial_ownership_or_control, start_date, end_date, statement_id
       FROM beneficial_ownership_declarations WHERE subject_entity_id = ANY(${kept}) AND owner_entity_id = ANY(${kept})`,
    // Which boundary entities have a link the walk would have followed to an entity outside the
    // snapshot: the same links as the walk (snapshot_walk: no institution → account holder), ids only.
    `WITH links AS (
       SELECT source_entity_id AS id, target_entity_id AS other FROM relationships WHERE source_entity_id = ANY(${edge})
       UNION ALL
       SELECT target_entity_id, source_entity_id FROM relationships WHERE target_entity_id = ANY(${edge}) AND relationship_type <> 'ACCOUNT_AT_INSTITUTION'
       UNION ALL
       SELECT owner_entity_id, subject_entity_id FROM beneficial_ownership_declarations WHERE owner_entity_id = ANY(${edge})
       UNION ALL
       SELECT subject_entity_id, owner_entity_id FROM beneficial_ownership_declarations WHERE subject_entity_id = ANY(${edge}))
     SELECT DISTINCT l.id FROM links l WHERE l.other <> ALL(${kept})`,
  ];
  const results = (await db.raw(statements.join(';\n'))) as unknown as { rows: any[] }[];
  const [entityRows, relationshipRows, pepRows, sanctionRows, partyRows, proceedingRows, declarationRows, beyondRows] = results.map(
    (r) => r.rows,
  );
  const partiesOf = new Map<number, { entity_id: number; role: string | null }[]>();
  for (const p of partyRows) {
    const key = Number(p.proceeding_id);
    if (!partiesOf.has(key)) partiesOf.set(key, []);
    partiesOf.get(key)!.push({ entity_id: Number(p.entity_id), role: p.role });
  }
  return {
    entities: entityRows.map((r) => ({
      entity_id: Number(r.id),
      entity_type: r.entity_type,
      display_name: r.display_name,
      normalized_name: r.normalized_name,
      document: r.document,
      document_type: r.document_type,
      status: r.status,
      hop: hops.get(Number(r.id))!,
      profile: r.profile ?? {},
    })),
    relationships: relationshipRows.map(({ id, ...r }) => ({
      relationship_id: Number(id),
      ...r,
      source_entity_id: Number(r.source_entity_id),
      target_entity_id: Number(r.target_entity_id),
    })),
    pepRecords: pepRows.map(({ id, ...r }) => ({ pep_record_id: Number(id), ...r, entity_id: Number(r.entity_id) })),
    sanctions: sanctionRows.map(({ id, ...r }) => ({ sanction_id: Number(id), ...r, entity_id: Number(r.entity_id) })),
    proceedings: proceedingRows.map(({ id, ...r }) => ({ proceeding_id: Number(id), ...r, parties: partiesOf.get(Number(id)) ?? [] })),
    declarations: declarationRows.map(({ id, ...r }) => ({
      declaration_id: Number(id),
      ...r,
      subject_entity_id: Number(r.subject_entity_id),
      owner_entity_id: Number(r.owner_entity_id),
      interest_types: r.interest_types ?? [],
    })),
    beyond: new Set(beyondRows.map((r: { id: string | number }) => Number(r.id))),
  };
}
