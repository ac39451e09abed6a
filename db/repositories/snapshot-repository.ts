import type { Executor } from '../create-db';
import { NotFoundError } from '../../domain/errors';
import {
  SNAPSHOT_SCHEMA_VERSION, type Snapshot, type SnapshotEntity, type SnapshotLimitation, type SnapshotOwnershipDeclaration,
  type SnapshotMediaHit, type SnapshotPepRecord, type SnapshotProceeding, type SnapshotRelationship, type SnapshotSanction,
} from '../../domain/analysis/snapshot';
import { screeningNamesOfAll } from '../../domain/media/screening-names';
import { canonicalizeSnapshot } from '../../domain/scoring/canonical-snapshot';
import { screenEntityNames } from './media-screening-repository';

export type LoadSnapshotInput = { subjectEntityId: number; asOf: string; maxDepth: number; maxNodes: number };

/** Links worth keeping first when the node budget runs out: control before family before the rest. */
const PRIORITY: Record<string, number> = { PARTNER_OF: 0, OWNS: 0, CONTROLS: 0, ADMINISTERS: 0, LEGAL_REPRESENTATIVE_OF: 0, BRANCH_OF: 0, DECLARED_OWNER: 0, FAMILY_OF: 1, EMPLOYED_BY: 2 };
const priorityOf = (type: string) => PRIORITY[type] ?? 3;

type Edge = { source: number; target: number; type: string };

/**
 * The enrichment snapshot of a subject: breadth-first over relationships (both directions) and
 * BODS declarations, one batched query per hop, bounded by maxDepth hops and maxNodes entities.
 * When the budget is exceeded, the closest, best-linked (control first), lowest-id entities are
 * kept and the snapshot says it was truncated. An institution's account holders are never its
 * network: ACCOUNT_AT_INSTITUTION is followed only from the holder to the institution.
 */
export async function loadSnapshot(db: Executor, input: LoadSnapshotInput): Promise<Snapshot> {
  const hops = new Map<number, number>([[input.subjectEntityId, 0]]);
  let frontier = [input.subjectEntityId];
  let truncated = false;
  for (let hop = 1; hop <= input.maxDepth && frontier.length > 0; hop += 1) {
    const candidates = new Map<number, number>(); // entity → best link priority
    const inFrontier = new Set(frontier);
    const consider = (next: number, type: string) => {
      if (!hops.has(next)) candidates.set(next, Math.min(candidates.get(next) ?? 9, priorityOf(type)));
    };
    for (const edge of await edgesTouching(db, frontier)) {
      if (inFrontier.has(edge.source)) consider(edge.target, edge.type);
      if (inFrontier.has(edge.target) && edge.type !== 'ACCOUNT_AT_INSTITUTION') consider(edge.source, edge.type);
    }
    const ranked = [...candidates.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([id]) => id);
    const room = input.maxNodes - hops.size;
    if (ranked.length > room) truncated = true;
    frontier = ranked.slice(0, Math.max(0, room)).sort((a, b) => a - b);
    for (const id of frontier) hops.set(id, hop);
    if (truncated) break;
  }
  const ids = [...hops.keys()].sort((a, b) => a - b);
  // `frontier` now holds the entities whose links were never followed (the last hop reached).
  const { entities, relationships, pepRecords, sanctions, proceedings, declarations, beyond } = await loadNetworkFacts(db, ids, hops, frontier);
  // Checked on the loaded entities rather than by a query up front: callers (the analyses route)
  // have resolved the subject already, so the common case pays nothing for the check.
  if (!entities.some((e) => e.entity_id === input.subjectEntityId)) throw new NotFoundError('entity');
  for (const entity of entities) entity.has_links_beyond_depth = beyond.has(entity.entity_id);
  const limitations: SnapshotLimitation[] = [];
  const media = await screenNetworkMedia(db, entities, input.asOf);
  if (media.skipped > 0) {
    limitations.push({ code: 'adverse_media_partially_screened', message: `Adverse media was screened for the subject and its ${MEDIA_SCREENED_ENTITIES - 1} closest related parties only.`, entity_id: input.subjectEntityId, details: { not_screened_entities: media.skipped } });
  }
  if (truncated) {
    limitations.push({ code: 'network_truncated', message: `The network was cut at ${input.maxNodes} entities.`, entity_id: input.subjectEntityId, details: { max_nodes: input.maxNodes, max_depth: input.maxDepth } });
  }
  return canonicalizeSnapshot({
    schema_version: SNAPSHOT_SCHEMA_VERSION,
    as_of: input.asOf,
    subject_entity_id: input.subjectEntityId,
    network: { max_depth: input.maxDepth, truncated, entities, relationships },
    pep_records: pepRecords,
    sanctions,
    proceedings,
    ownership_declarations: declarations,
    media_hits: media.hits,
    limitations,
  });
}

/** The subject and its nearest related parties are screened; a whole network would flood the pillar. */
const MEDIA_SCREENED_ENTITIES = 25;

/** Adverse media through the one screening engine (db/repositories/media-screening-repository.ts). */
async function screenNetworkMedia(db: Executor, entities: SnapshotEntity[], asOf: string): Promise<{ hits: SnapshotMediaHit[]; skipped: number }> {
  const near = entities.filter((e) => e.hop <= 1).sort((a, b) => a.hop - b.hop || a.entity_id - b.entity_id);
  const screened = near.slice(0, MEDIA_SCREENED_ENTITIES);
  const names = screeningNamesOfAll(screened.map((entity) => ({ entity, relatedAs: entity.hop === 0 ? undefined : ('partner' as const) })));
  const hits = names.length > 0 ? await screenEntityNames(db, { names, asOf }) : [];
  return { hits, skipped: near.length - screened.length };
}

async function edgesTouching(db: Executor, frontier: number[]): Promise<Edge[]> {
  const { rows } = await db.raw(
    `SELECT source_entity_id AS source, target_entity_id AS target, relationship_type AS type FROM relationships
      WHERE source_entity_id = ANY(?::bigint[]) OR target_entity_id = ANY(?::bigint[])
     UNION ALL
     SELECT owner_entity_id, subject_entity_id, 'DECLARED_OWNER' FROM beneficial_ownership_declarations
      WHERE owner_entity_id = ANY(?::bigint[]) OR subject_entity_id = ANY(?::bigint[])`,
    [frontier, frontier, frontier, frontier],
  );
  return rows.map((r: { source: string | number; target: string | number; type: string }) => ({ source: Number(r.source), target: Number(r.target), type: r.type }));
}

/** An id array as a SQL literal: ids are integers from the database, checked again here. */
function bigintArray(ids: number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an entity id: ${id}`);
  return `'{${ids.join(',')}}'::bigint[]`;
}

type NetworkFacts = {
  entities: SnapshotEntity[]; relationships: SnapshotRelationship[]; pepRecords: SnapshotPepRecord[]; sanctions: SnapshotSanction[];
  proceedings: SnapshotProceeding[]; declarations: SnapshotOwnershipDeclaration[]; beyond: Set<number>;
};

/**
 * Everything the snapshot holds about the kept entities, in ONE round trip: the statements go
 * as one multi-statement simple query (the id arrays inlined as literals, since the simple
 * protocol takes no parameters). Seven pooled queries cost seven connection checkouts, seven
 * socket writes and seven result reads per analysis; the rows and their text-format values
 * (and so the snapshot) are exactly those of separate queries.
 */
async function loadNetworkFacts(db: Executor, ids: number[], hops: Map<number, number>, boundary: number[]): Promise<NetworkFacts> {
  const kept = bigintArray(ids);
  const edge = bigintArray(boundary);
  const statements = [
    `SELECT id, entity_type, display_name, normalized_name, document, document_type, status, profile FROM entities WHERE id = ANY(${kept})`,
    `SELECT id, source_entity_id, target_entity_id, relationship_type, relationship_subtype, relationship_role, qualification_code,
            ownership_percentage, voting_percentage, valid_from, valid_to, is_active, evidence_source, evidence_table, evidence_id, confidence_level
       FROM relationships WHERE source_entity_id = ANY(${kept}) AND target_entity_id = ANY(${kept})`,
    `SELECT id, entity_id, role_acronym, role_description, role_level, institution_name, start_date, end_date, grace_end_date, pep_type
       FROM pep_records WHERE entity_id = ANY(${kept})`,
    `SELECT id, entity_id, list_code, sanction_type, start_date, end_date, sanctioning_body, process_number, legal_basis FROM sanctions WHERE entity_id = ANY(${kept})`,
    `SELECT proceeding_id, entity_id, role FROM proceeding_parties WHERE entity_id = ANY(${kept})`,
    `SELECT id, proceeding_number, proceeding_type, status, opened_at, decision_date, closed_at, authority, summary
       FROM proceedings WHERE id IN (SELECT proceeding_id FROM proceeding_parties WHERE entity_id = ANY(${kept}))`,
    `SELECT id, subject_entity_id, owner_entity_id, interest_types, share_exact, share_minimum, share_maximum, is_direct,
            beneficial_ownership_or_control, start_date, end_date, statement_id
       FROM beneficial_ownership_declarations WHERE subject_entity_id = ANY(${kept}) AND owner_entity_id = ANY(${kept})`,
    // Which boundary entities have a link the walk would have followed to an entity outside the
    // snapshot: the same links as edgesTouching (no institution → account holder), ids only.
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
  const [entityRows, relationshipRows, pepRows, sanctionRows, partyRows, proceedingRows, declarationRows, beyondRows] = results.map((r) => r.rows);
  const partiesOf = new Map<number, { entity_id: number; role: string | null }[]>();
  for (const p of partyRows) {
    const key = Number(p.proceeding_id);
    if (!partiesOf.has(key)) partiesOf.set(key, []);
    partiesOf.get(key)!.push({ entity_id: Number(p.entity_id), role: p.role });
  }
  return {
    entities: entityRows.map((r) => ({
      entity_id: Number(r.id), entity_type: r.entity_type, display_name: r.display_name, normalized_name: r.normalized_name,
      document: r.document, document_type: r.document_type, status: r.status, hop: hops.get(Number(r.id))!, profile: r.profile ?? {},
    })),
    relationships: relationshipRows.map(({ id, ...r }) => ({ relationship_id: Number(id), ...r, source_entity_id: Number(r.source_entity_id), target_entity_id: Number(r.target_entity_id) })),
    pepRecords: pepRows.map(({ id, ...r }) => ({ pep_record_id: Number(id), ...r, entity_id: Number(r.entity_id) })),
    sanctions: sanctionRows.map(({ id, ...r }) => ({ sanction_id: Number(id), ...r, entity_id: Number(r.entity_id) })),
    proceedings: proceedingRows.map(({ id, ...r }) => ({ proceeding_id: Number(id), ...r, parties: partiesOf.get(Number(id)) ?? [] })),
    declarations: declarationRows.map(({ id, ...r }) => ({ declaration_id: Number(id), ...r, subject_entity_id: Number(r.subject_entity_id), owner_entity_id: Number(r.owner_entity_id), interest_types: r.interest_types ?? [] })),
    beyond: new Set(beyondRows.map((r: { id: string | number }) => Number(r.id))),
  };
}
