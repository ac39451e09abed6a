import type { Executor } from '../../create-db';
import type { WatchlistCode, WatchlistDocument, WatchlistEntry, WatchlistName, WatchlistSchema } from '../../../domain/watchlists/watchlist-entry';

/** A listed entry as the matcher reads it, with the list version it was last seen in. */
export type CandidateEntry = WatchlistEntry & { list_version: string };

/** How many entries one name may fetch: enough that a true match is among them, few enough to score at once. */
const CANDIDATES_PER_NAME = 200;

/**
 * The entries still listed (on `lists`, of `schema`) that may match one query: those with a
 * name trigram-similar to one of the query's full keys, or sharing a token key with it, the most
 * similar first and at most CANDIDATES_PER_NAME per road; then their every name.
 */
export async function findWatchlistCandidates(
  db: Executor,
  query: { lists: readonly WatchlistCode[]; schema: WatchlistSchema; fullKeys: string[]; tokenKeys: string[] },
): Promise<CandidateEntry[]> {
  const fullKeys = query.fullKeys.filter((k) => k !== '');
  if (fullKeys.length === 0 && query.tokenKeys.length === 0) return [];
  const { rows } = await db.raw(
    `WITH keys AS (SELECT unnest(?::text[]) AS full_key),
     similar_names AS (
       SELECT n.entry_id FROM keys CROSS JOIN LATERAL (
         SELECT n.entry_id FROM watchlist_names n WHERE n.normalized_name % keys.full_key
         ORDER BY similarity(n.normalized_name, keys.full_key) DESC LIMIT ?) n
     ),
     token_names AS (
       SELECT n.entry_id FROM watchlist_names n WHERE n.tokens && ?::text[]
       ORDER BY (SELECT max(similarity(n.normalized_name, k.full_key)) FROM keys k) DESC NULLS LAST LIMIT ?
     ),
     hits AS (SELECT entry_id FROM similar_names UNION SELECT entry_id FROM token_names)
     SELECT e.id, e.list, e.entry_id, e.schema, e.programs, to_char(e.listed_on, 'YYYY-MM-DD') AS listed_on, e.birth_dates, e.nationalities, e.documents, e.last_version,
       (SELECT json_agg(json_build_object('name', n.name, 'quality', n.quality) ORDER BY n.quality <> 'primary', n.id) FROM watchlist_names n WHERE n.entry_id = e.id) AS names
     FROM watchlist_entries e JOIN hits h ON h.entry_id = e.id
     WHERE e.delisted_in_version IS NULL AND e.list = ANY(?::text[]) AND e.schema = ?
     ORDER BY e.list, e.entry_id`,
    [fullKeys, CANDIDATES_PER_NAME, query.tokenKeys, CANDIDATES_PER_NAME, [...query.lists], query.schema],
  );
  return rows.map((r: any) => ({
    list: r.list,
    entry_id: r.entry_id,
    schema: r.schema,
    names: (r.names ?? []) as WatchlistName[],
    birth_dates: r.birth_dates as string[],
    nationalities: r.nationalities as string[],
    documents: r.documents as WatchlistDocument[],
    programs: r.programs as string[],
    listed_on: r.listed_on,
    list_version: r.last_version,
  }));
}
