import { listCurrentWatchlistVersions } from '../../../db/repositories/watchlists/watchlist-version-repository';
import { isListStale, listPublishers, versionedLists } from '../../../domain/watchlists/list-freshness';
import { matchWatchlistNames } from '../../../usecases/watchlists/match-watchlist-names';
import { defineRoute } from '../../edge/routing';
import { matchRequestSchema, matchResponseSchema, watchlistListQuerySchema, watchlistListResponseSchema } from './watchlist-schemas';

/** Watchlists: screening names against the UN, OFAC and EU lists, and the state of every imported list (docs/watchlists.md). */
export const watchlistRoutes = [
  defineRoute({
    method: 'post',
    path: '/watchlists/match',
    operationId: 'matchWatchlists',
    summary: 'Screen 1 to 100 names (persons or organizations) against the UN, OFAC SDN and EU sanctions lists',
    description:
      'Each query is scored against the entries still listed on the current version of each list: name (token-wise, transliterated, spelling variants), ' +
      'then birth date, nationality and document confirming or contradicting it. A result is reported when it matches (score ≥ threshold and nothing contradicts) ' +
      'or when its name agrees that well but the birth date or nationality contradicts (match false: for review). One unit of the watchlist_queries quota per query; ' +
      'a refused request (422, 403, 429) counts none. The subjects need not be in the entity store.',
    tags: ['watchlists'],
    auth: { scope: 'watchlists:read' },
    billable: { feature: 'watchlists', operation: 'watchlist_queries' },
    body: matchRequestSchema,
    responses: {
      200: {
        description: 'the results of every query, best first, with the algorithm and the list versions screened',
        schema: matchResponseSchema,
      },
    },
    handler: async ({ body, actor, deps }) => ({ status: 200, body: await matchWatchlistNames(deps, actor, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/watchlists',
    operationId: 'listWatchlists',
    summary: 'Every list the service imports (UN, OFAC SDN, EU, CEPIM, CEAF): version, publication, entries and whether it is stale',
    description:
      'Any valid key may call it. A list is stale when it was never imported or its publication is older than its freshness (docs/watchlists.md, "Freshness"); analyses record a stale list as a limitation.',
    tags: ['watchlists'],
    auth: 'any-key',
    query: watchlistListQuerySchema,
    responses: { 200: { description: 'one item per list, in a fixed order', schema: watchlistListResponseSchema } },
    handler: async ({ deps }) => {
      const now = new Date();
      const current = new Map((await listCurrentWatchlistVersions(deps.db)).map((v) => [v.list, v]));
      const items = versionedLists.map((list) => {
        const row = current.get(list);
        const freshness = deps.config.WATCHLIST_FRESHNESS_DAYS[list];
        return {
          list,
          publisher: listPublishers[list],
          version: row?.version ?? null,
          published_at: row ? new Date(row.published_at).toISOString() : null,
          imported_at: row ? new Date(row.imported_at).toISOString() : null,
          entries: row?.entries ?? 0,
          stale: isListStale(row ? new Date(row.published_at) : null, now, freshness),
          freshness_days: freshness,
        };
      });
      return { status: 200, body: { items, next_cursor: null } };
    },
  }),
];
