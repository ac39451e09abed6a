import type { Executor } from '../create-db';
import { NotFoundError } from '../../domain/errors';
import { SNAPSHOT_SCHEMA_VERSION, type Snapshot, type SnapshotEntity, type SnapshotLimitation, type SnapshotMediaHit } from '../../domain/analysis/snapshot';
import { screeningNamesOfAll } from '../../domain/media/screening-names';
import { canonicalizeSnapshot } from '../../domain/scoring/canonical-snapshot';
import { screenEntityNames } from './media-screening-repository';
import { loadNetworkFacts } from './snapshot-network-facts';

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
