import { type CandidateEntry, findWatchlistCandidatesOfMany } from '../../db/repositories/watchlists/watchlist-candidate-repository';
import { listCurrentWatchlistVersions } from '../../db/repositories/watchlists/watchlist-version-repository';
import type { MemberActor } from '../../domain/actor';
import { candidateQueryOf } from '../../domain/watchlists/candidate-query';
import { matcherAlgorithm } from '../../domain/watchlists/matcher-version';
import { rankCandidates } from '../../domain/watchlists/rank-candidates';
import { defaultMatchThreshold } from '../../domain/watchlists/score-match';
import {
  type MatcherAlgorithm,
  type MatchQuery,
  type MatchResult,
  type WatchlistCode,
  watchlistCodes,
} from '../../domain/watchlists/watchlist-entry';
import { reserveQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';

export type MatchWatchlistRequest = { queries: Record<string, MatchQuery>; lists?: WatchlistCode[]; threshold?: number; limit?: number };

export type MatchWatchlistResponse = {
  results: Record<string, { matches: MatchResult[]; total: number }>;
  algorithm: MatcherAlgorithm;
  lists: { list: WatchlistCode; version: string; imported_at: string }[];
};

/**
 * Screening names against the imported lists (POST /watchlists/match, docs/watchlists.md): one
 * unit of `watchlist_queries` per query, all taken before the work and all given back if it
 * fails (a refused request — 422, 403 — never reaches here and counts nothing). Each query's
 * candidates come from the name indexes (trigram and token keys), the matcher ranks them; an
 * item is reported when it matches, or when its name agrees as well as the threshold asks but a
 * birth date or nationality contradicts it (`match` false: for review), best first.
 */
export async function matchWatchlistNames(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: MatchWatchlistRequest,
): Promise<MatchWatchlistResponse> {
  const keys = Object.keys(input.queries);
  const lists = input.lists && input.lists.length > 0 ? [...new Set(input.lists)] : [...watchlistCodes];
  const threshold = input.threshold ?? defaultMatchThreshold;
  const limit = input.limit ?? 5;
  const reservation = await reserveQuota(deps.db, actor, 'watchlist_queries', deps.logger, keys.length);
  try {
    const versions = (await listCurrentWatchlistVersions(deps.db)).filter((v) => (lists as string[]).includes(v.list));
    const results: MatchWatchlistResponse['results'] = {};
    // One statement fetches every query's candidates (retrieval 1.1: the rarest words, then the
    // trigram road only where they found no strong candidate): a batch of 100 costs one round trip, not 100 (docs/watchlists.md, "Throughput").
    const candidatesOf = await findWatchlistCandidatesOfMany(deps.db, {
      lists,
      queries: keys.map((key) => {
        const query = input.queries[key];
        return candidateQueryOf(query.schema, [query.name, ...(query.aliases ?? [])]);
      }),
    });
    for (const [index, key] of keys.entries()) {
      const query = input.queries[key];
      const candidates = candidatesOf.get(index) ?? [];
      const reported = rankCandidates(query, candidates, { threshold, limit: candidates.length }).filter(
        (r) => r.result.match || r.result.features.name >= threshold,
      );
      results[key] = {
        total: reported.length,
        matches: reported.slice(0, limit).map(({ entry, result }) => ({
          list: entry.list,
          entry_id: entry.entry_id,
          schema: entry.schema,
          name: entry.names[0]?.name ?? '',
          ...result,
          programs: entry.programs,
          listed_on: entry.listed_on,
          list_version: (entry as CandidateEntry).list_version,
        })),
      };
    }
    return {
      results,
      algorithm: { name: matcherAlgorithm.name, version: matcherAlgorithm.version },
      lists: versions.map((v) => ({
        list: v.list as WatchlistCode,
        version: v.version,
        imported_at: new Date(v.imported_at).toISOString(),
      })),
    };
  } catch (error) {
    await reservation.giveBack();
    throw error;
  }
}
