import type { SnapshotWatchlistMatch, SnapshotWatchlistScreening, SnapshotWatchlistVersion } from '../analysis/snapshot';
import type { WatchlistScreeningQuery } from '../analysis/plan-network-screening';
import { isListStaleOn } from './list-freshness';
import { matcherAlgorithm } from './matcher-version';
import { rankCandidates } from './rank-candidates';
import { defaultMatchThreshold } from './score-match';
import { type MatchQuery, type WatchlistCode, type WatchlistEntry, watchlistCodes } from './watchlist-entry';

/** Results kept per screened name: the best few, as POST /watchlists/match's default limit. */
export const MATCHES_PER_QUERY = 5;

/** A candidate entry as the store returns it, with the list version it was last seen in. */
export type ScreeningCandidate = WatchlistEntry & { list_version: string };

/** A list's current publication as the store holds it (null: never imported). */
export type ScreeningListVersion = { list: string; version: string; published_at: Date | string };

export type ScreenNetworkInput = {
  asOf: string;
  queries: readonly WatchlistScreeningQuery[];
  /** The candidates of each query, by its index in `queries`. */
  candidates: ReadonlyMap<number, readonly ScreeningCandidate[]>;
  versions: readonly ScreeningListVersion[];
  freshnessDays: Readonly<Record<WatchlistCode, number>>;
  screenedEntityIds: readonly number[];
  threshold?: number;
};

/** Four-decimal fixed point, as the matcher rounds: "0.9441". */
export const fixedScore = (value: number): string => value.toFixed(4);

/** '2026-11-15' from a Date or an ISO text, UTC. */
const dayOf = (value: Date | string): string => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()).slice(0, 10);

/**
 * The snapshot's name screening (docs/watchlists.md, "In every analysis"): each query's
 * candidates ranked by the matcher, the reported ones kept (a match, or a name that agrees as
 * well as the threshold asks while a birth date or nationality contradicts it: for review, as
 * POST /watchlists/match reports them), with the entry's data and the list versions used. Pure.
 */
export function screenNetwork(input: ScreenNetworkInput): SnapshotWatchlistScreening {
  const threshold = input.threshold ?? defaultMatchThreshold;
  const lists: SnapshotWatchlistVersion[] = watchlistCodes.map((list) => {
    const current = input.versions.find((v) => v.list === list);
    const publishedOn = current ? dayOf(current.published_at) : null;
    return {
      list,
      version: current?.version ?? null,
      published_on: publishedOn,
      freshness_days: input.freshnessDays[list],
      stale: isListStaleOn(publishedOn, input.asOf, input.freshnessDays[list]),
    };
  });
  const matches: SnapshotWatchlistMatch[] = [];
  input.queries.forEach((query, index) => {
    const entries = input.candidates.get(index) ?? [];
    if (entries.length === 0) return;
    const matchQuery: MatchQuery = {
      schema: query.schema,
      name: query.name,
      ...(query.aliases.length > 0 ? { aliases: query.aliases } : {}),
      ...(query.birth_date ? { birth_date: query.birth_date } : {}),
      ...(query.nationality ? { nationality: query.nationality } : {}),
    };
    const reported = rankCandidates(matchQuery, entries, { threshold, limit: entries.length })
      .filter((r) => r.result.match || r.result.features.name >= threshold)
      .slice(0, MATCHES_PER_QUERY);
    for (const { entry, result } of reported) {
      const f = result.features;
      matches.push({
        entity_id: query.entity_id,
        screened_as: query.schema,
        query: { name: query.name, birth_date: query.birth_date, nationality: query.nationality },
        list: entry.list,
        entry_id: entry.entry_id,
        list_version: (entry as ScreeningCandidate).list_version,
        entry: {
          schema: entry.schema,
          names: entry.names.map((n) => ({ name: n.name, quality: n.quality })),
          birth_dates: [...entry.birth_dates],
          nationalities: [...entry.nationalities],
          documents: entry.documents.map((d) => ({ type: d.type, number: d.number, country: d.country })),
          programs: [...entry.programs],
          listed_on: entry.listed_on,
        },
        matched_name: result.matched_name,
        score: fixedScore(result.score),
        match: result.match,
        features: {
          name: fixedScore(f.name),
          birth_date: f.birth_date === null ? null : fixedScore(f.birth_date),
          nationality: f.nationality === null ? null : fixedScore(f.nationality),
          document: f.document === null ? null : fixedScore(f.document),
        },
        explanation: [...result.explanation],
      });
    }
  });
  return {
    algorithm: { name: matcherAlgorithm.name, version: matcherAlgorithm.version },
    threshold: fixedScore(threshold),
    lists,
    screened_entity_ids: [...new Set(input.screenedEntityIds)].sort((a, b) => a - b),
    matches,
  };
}
