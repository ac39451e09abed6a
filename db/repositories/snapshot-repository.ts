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
  const [entities, relationships, pepRecords, sanctions, proceedings, declarations, beyond] = await Promise.all([
    loadEntities(db, ids, hops), loadRelationships(db, ids), loadPepRecords(db, ids), loadSanctions(db, ids), loadProceedings(db, ids), loadDeclarations(db, ids),
    findLinksBeyond(db, frontier, ids),
  ]);
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

/**
 * Which boundary entities have a link the walk would have followed to an entity outside the
 * snapshot: the same links as edgesTouching (no institution → account holder), in one query
 * that returns ids only, however many links lie beyond.
 */
async function findLinksBeyond(db: Executor, boundary: number[], kept: number[]): Promise<Set<number>> {
  if (boundary.length === 0) return new Set();
  const { rows } = await db.raw(
    `WITH kept AS (SELECT unnest(?::bigint[]) AS id),
     links AS (
       SELECT source_entity_id AS id, target_entity_id AS other FROM relationships WHERE source_entity_id = ANY(?::bigint[])
       UNION ALL
       SELECT target_entity_id, source_entity_id FROM relationships WHERE target_entity_id = ANY(?::bigint[]) AND relationship_type <> 'ACCOUNT_AT_INSTITUTION'
       UNION ALL
       SELECT owner_entity_id, subject_entity_id FROM beneficial_ownership_declarations WHERE owner_entity_id = ANY(?::bigint[])
       UNION ALL
       SELECT subject_entity_id, owner_entity_id FROM beneficial_ownership_declarations WHERE subject_entity_id = ANY(?::bigint[]))
     SELECT DISTINCT l.id FROM links l WHERE NOT EXISTS (SELECT 1 FROM kept WHERE kept.id = l.other)`,
    [kept, boundary, boundary, boundary, boundary],
  );
  return new Set(rows.map((r: { id: string | number }) => Number(r.id)));
}

async function loadEntities(db: Executor, ids: number[], hops: Map<number, number>): Promise<SnapshotEntity[]> {
  const rows = await db('entities').whereRaw('id = ANY(?::bigint[])', [ids])
    .select('id', 'entity_type', 'display_name', 'normalized_name', 'document', 'document_type', 'status', 'profile');
  return rows.map((r) => ({
    entity_id: Number(r.id), entity_type: r.entity_type, display_name: r.display_name, normalized_name: r.normalized_name,
    document: r.document, document_type: r.document_type, status: r.status, hop: hops.get(Number(r.id))!, profile: r.profile ?? {},
  }));
}

/** Every relationship among the kept entities, including those between two entities of the last hop. */
async function loadRelationships(db: Executor, ids: number[]): Promise<SnapshotRelationship[]> {
  const rows = await db('relationships')
    .whereRaw('source_entity_id = ANY(?::bigint[]) AND target_entity_id = ANY(?::bigint[])', [ids, ids])
    .select('id', 'source_entity_id', 'target_entity_id', 'relationship_type', 'relationship_subtype', 'relationship_role', 'qualification_code',
      'ownership_percentage', 'voting_percentage', 'valid_from', 'valid_to', 'is_active', 'evidence_source', 'evidence_table', 'evidence_id', 'confidence_level');
  return rows.map(({ id, ...r }) => ({ relationship_id: Number(id), ...r, source_entity_id: Number(r.source_entity_id), target_entity_id: Number(r.target_entity_id) }));
}

async function loadPepRecords(db: Executor, ids: number[]): Promise<SnapshotPepRecord[]> {
  const rows = await db('pep_records').whereRaw('entity_id = ANY(?::bigint[])', [ids])
    .select('id', 'entity_id', 'role_acronym', 'role_description', 'role_level', 'institution_name', 'start_date', 'end_date', 'grace_end_date', 'pep_type');
  return rows.map(({ id, ...r }) => ({ pep_record_id: Number(id), ...r, entity_id: Number(r.entity_id) }));
}

async function loadSanctions(db: Executor, ids: number[]): Promise<SnapshotSanction[]> {
  const rows = await db('sanctions').whereRaw('entity_id = ANY(?::bigint[])', [ids])
    .select('id', 'entity_id', 'list_code', 'sanction_type', 'start_date', 'end_date', 'sanctioning_body', 'process_number', 'legal_basis');
  return rows.map(({ id, ...r }) => ({ sanction_id: Number(id), ...r, entity_id: Number(r.entity_id) }));
}

/** Proceedings with at least one party in the network; only parties resolved to network entities. */
async function loadProceedings(db: Executor, ids: number[]): Promise<SnapshotProceeding[]> {
  const parties = await db('proceeding_parties').whereRaw('entity_id = ANY(?::bigint[])', [ids]).select('proceeding_id', 'entity_id', 'role');
  if (parties.length === 0) return [];
  const proceedingIds = [...new Set(parties.map((p) => Number(p.proceeding_id)))];
  const rows = await db('proceedings').whereRaw('id = ANY(?::bigint[])', [proceedingIds])
    .select('id', 'proceeding_number', 'proceeding_type', 'status', 'opened_at', 'decision_date', 'closed_at', 'authority', 'summary');
  const byProceeding = new Map<number, { entity_id: number; role: string | null }[]>();
  for (const p of parties) {
    const key = Number(p.proceeding_id);
    if (!byProceeding.has(key)) byProceeding.set(key, []);
    byProceeding.get(key)!.push({ entity_id: Number(p.entity_id), role: p.role });
  }
  return rows.map(({ id, ...r }) => ({ proceeding_id: Number(id), ...r, parties: byProceeding.get(Number(id)) ?? [] }));
}

async function loadDeclarations(db: Executor, ids: number[]): Promise<SnapshotOwnershipDeclaration[]> {
  const rows = await db('beneficial_ownership_declarations')
    .whereRaw('subject_entity_id = ANY(?::bigint[]) AND owner_entity_id = ANY(?::bigint[])', [ids, ids])
    .select('id', 'subject_entity_id', 'owner_entity_id', 'interest_types', 'share_exact', 'share_minimum', 'share_maximum', 'is_direct',
      'beneficial_ownership_or_control', 'start_date', 'end_date', 'statement_id');
  return rows.map(({ id, ...r }) => ({ declaration_id: Number(id), ...r, subject_entity_id: Number(r.subject_entity_id), owner_entity_id: Number(r.owner_entity_id), interest_types: r.interest_types ?? [] }));
}
