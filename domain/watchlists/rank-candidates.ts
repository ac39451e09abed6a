import { defaultMatchThreshold, prepareQueryNames, scoreMatch } from './score-match';
import type { MatchQuery, MatchScore, WatchlistEntry } from './watchlist-entry';

export type RankedCandidate = { entry: WatchlistEntry; result: MatchScore };
export type RankOptions = { threshold?: number; limit?: number };

/**
 * Scores the candidates of one query (entries of the query's schema only) and returns the best
 * `limit`, best first; equal scores are ordered by list, then entry id, so a repeated query
 * answers the same order.
 */
export function rankCandidates(query: MatchQuery, entries: readonly WatchlistEntry[], options: RankOptions = {}): RankedCandidate[] {
  const threshold = options.threshold ?? defaultMatchThreshold;
  const limit = options.limit ?? 5;
  const queryNames = prepareQueryNames(query);
  const ranked: RankedCandidate[] = [];
  for (const entry of entries) {
    if (entry.schema !== query.schema) continue;
    ranked.push({ entry, result: scoreMatch(query, entry, threshold, queryNames) });
  }
  ranked.sort(
    (a, b) =>
      b.result.score - a.result.score ||
      (a.entry.list < b.entry.list ? -1 : a.entry.list > b.entry.list ? 1 : 0) ||
      (a.entry.entry_id < b.entry.entry_id ? -1 : a.entry.entry_id > b.entry.entry_id ? 1 : 0),
  );
  return ranked.slice(0, limit);
}
