import type { Executor } from '../../db/create-db';
import { type LoadSnapshotInput, loadSnapshotRows } from '../../db/repositories/entities/snapshot-repository';
import { screenEntityNames } from '../../db/repositories/screenings/media-article-repository';
import { findWatchlistCandidatesOfMany } from '../../db/repositories/watchlists/watchlist-candidate-repository';
import { listCurrentWatchlistVersions } from '../../db/repositories/watchlists/watchlist-version-repository';
import { enrichmentLimitations } from '../../domain/analysis/enrichment-limitations';
import { planNetworkScreening, type WatchlistScreeningQuery } from '../../domain/analysis/plan-network-screening';
import { SNAPSHOT_SCHEMA_VERSION, type Snapshot, type SnapshotWatchlistScreening } from '../../domain/analysis/snapshot';
import { canonicalizeSnapshot } from '../../domain/scoring/canonical-snapshot';
import { candidateKeysOf } from '../../domain/watchlists/candidate-keys';
import { defaultFreshnessDays } from '../../domain/watchlists/list-freshness';
import { type ScreeningCandidate, screenNetwork } from '../../domain/watchlists/screen-network';
import { type WatchlistCode, watchlistCodes } from '../../domain/watchlists/watchlist-entry';

export type BuildSnapshotInput = LoadSnapshotInput & {
  /** Per list, how old a publication may be at as_of (WATCHLIST_FRESHNESS_DAYS); absent: the defaults. */
  watchlistFreshnessDays?: Readonly<Record<WatchlistCode, number>>;
};

/**
 * Enrichment (docs/engine.md): what the store knows about a subject's network at as_of, frozen.
 * The repositories read rows; who is screened and what the snapshot cannot know are decided here
 * by pure functions (domain/analysis/plan-network-screening.ts, enrichment-limitations.ts): the
 * adverse media of the nearest parties, and the names of the subject and its network against the
 * imported sanctions lists — all the network's candidates in ONE indexed query, scored by the
 * matcher, the list versions and the entries' data recorded so that a replay never reads a list.
 */
export async function buildSnapshot(db: Executor, input: BuildSnapshotInput): Promise<Snapshot> {
  const rows = await loadSnapshotRows(db, input);
  const plan = planNetworkScreening(rows.entities);
  const [mediaHits, watchlistScreening] = await Promise.all([
    plan.media.names.length > 0 ? screenEntityNames(db, { names: plan.media.names, asOf: input.asOf }) : Promise.resolve([]),
    screenWatchlists(db, { asOf: input.asOf, queries: plan.watchlists.queries, screenedEntityIds: plan.watchlists.screenedEntityIds, freshnessDays: input.watchlistFreshnessDays ?? defaultFreshnessDays }),
  ]);
  const limitations = enrichmentLimitations({
    subjectEntityId: input.subjectEntityId, asOf: input.asOf,
    network: { truncated: rows.truncated, maxNodes: input.maxNodes, maxDepth: input.maxDepth },
    mediaSkipped: plan.media.skipped, watchlistSkipped: plan.watchlists.skipped, watchlistLists: watchlistScreening.lists,
  });
  return canonicalizeSnapshot({
    schema_version: SNAPSHOT_SCHEMA_VERSION,
    as_of: input.asOf,
    subject_entity_id: input.subjectEntityId,
    network: { max_depth: input.maxDepth, truncated: rows.truncated, entities: rows.entities, relationships: rows.relationships },
    pep_records: rows.pepRecords,
    sanctions: rows.sanctions,
    proceedings: rows.proceedings,
    ownership_declarations: rows.declarations,
    media_hits: mediaHits,
    limitations,
    parameters: { ubo_threshold_percent: input.uboThresholdPercent },
    watchlist_screening: watchlistScreening,
  });
}

/**
 * The list versions, then (only when a name list has ever been imported) every query's candidates
 * in one statement, then the pure matcher. Runs on `db` while the media screening runs beside it.
 */
async function screenWatchlists(
  db: Executor,
  input: { asOf: string; queries: WatchlistScreeningQuery[]; screenedEntityIds: number[]; freshnessDays: Readonly<Record<WatchlistCode, number>> },
): Promise<SnapshotWatchlistScreening> {
  const versions = (await listCurrentWatchlistVersions(db)).filter((v) => (watchlistCodes as readonly string[]).includes(v.list));
  const lists = versions.map((v) => v.list as WatchlistCode);
  let candidates = new Map<number, ScreeningCandidate[]>();
  if (lists.length > 0 && input.queries.length > 0) {
    candidates = await findWatchlistCandidatesOfMany(db, {
      lists,
      queries: input.queries.map((q) => {
        const keys = [q.name, ...q.aliases].map((name) => candidateKeysOf(name, q.schema));
        return { schema: q.schema, fullKeys: keys.map((k) => k.fullKey), tokenKeys: keys.flatMap((k) => k.tokenKeys) };
      }),
    });
  }
  return screenNetwork({ asOf: input.asOf, queries: input.queries, candidates, versions, freshnessDays: input.freshnessDays, screenedEntityIds: input.screenedEntityIds });
}
