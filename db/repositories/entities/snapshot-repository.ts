import type { Executor } from '../../create-db';
import { NotFoundError } from '../../../domain/errors';
import { SNAPSHOT_SCHEMA_VERSION, type Snapshot, type SnapshotEntity, type SnapshotLimitation, type SnapshotMediaHit } from '../../../domain/analysis/snapshot';
import { screeningNamesOfAll } from '../../../domain/media/screening-names';
import { canonicalizeSnapshot } from '../../../domain/scoring/canonical-snapshot';
import { screenEntityNames } from '../screenings/media-article-repository';
import { loadNetworkFacts } from './snapshot-network-facts';
import { walkNetwork } from './snapshot-walk';

export type LoadSnapshotInput = { subjectEntityId: number; asOf: string; maxDepth: number; maxNodes: number; uboThresholdPercent: number };

/** The enrichment snapshot of a subject: its network walk, the facts about it, adverse media. */
export async function loadSnapshot(db: Executor, input: LoadSnapshotInput): Promise<Snapshot> {
  const { hops, frontier, truncated } = await walkNetwork(db, input);
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
    parameters: { ubo_threshold_percent: input.uboThresholdPercent },
  });
}

/** The subject and its nearest related parties are screened; a whole network would flood the pillar. */
const MEDIA_SCREENED_ENTITIES = 25;

/** Adverse media through the one screening engine (db/repositories/media-article-repository.ts). */
async function screenNetworkMedia(db: Executor, entities: SnapshotEntity[], asOf: string): Promise<{ hits: SnapshotMediaHit[]; skipped: number }> {
  const near = entities.filter((e) => e.hop <= 1).sort((a, b) => a.hop - b.hop || a.entity_id - b.entity_id);
  const screened = near.slice(0, MEDIA_SCREENED_ENTITIES);
  const names = screeningNamesOfAll(screened.map((entity) => ({ entity, relatedAs: entity.hop === 0 ? undefined : ('partner' as const) })));
  const hits = names.length > 0 ? await screenEntityNames(db, { names, asOf }) : [];
  return { hits, skipped: near.length - screened.length };
}
