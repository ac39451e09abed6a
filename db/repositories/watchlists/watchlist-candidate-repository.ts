import type { Executor } from '../../create-db';
import type { WatchlistCode, WatchlistDocument, WatchlistEntry, WatchlistName, WatchlistSchema } from '../../../domain/watchlists/watchlist-entry';

/** A listed entry as the matcher reads it, with the list version it was last seen in. */
export type CandidateEntry = WatchlistEntry & { list_version: string };

/**
 * The candidate statements without Postgres JIT: their estimated cost (a set-returning function
 * estimated at 100 rows, sorts over every token hit) always exceeds `jit_above_cost`, and compiling
 * costs 70–90 ms per statement at 100k names — more than running it (docs/watchlists.md,
 * "Throughput"). JIT never changes a result. `SET LOCAL` needs a transaction: inside a caller's
 * transaction this is a savepoint, and the setting lasts until that transaction ends.
 */
function withoutJit<T>(db: Executor, run: (trx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('SET LOCAL jit = off');
    return run(trx);
  });
}

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
  const { rows } = await withoutJit(db, (trx) => trx.raw(
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
  ));
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

/** One name screening of a batch: its schema and the candidate keys of its names. */
export type CandidateKeyQuery = { schema: WatchlistSchema; fullKeys: string[]; tokenKeys: string[] };

/**
 * The candidates of MANY queries in ONE statement (an analysis screens its whole network at
 * once): per query the same two roads as findWatchlistCandidates — names trigram-similar to one of
 * its full keys, names sharing a token key, at most `perRoad` each, the most similar first — over
 * the same indexes, then the entries still listed on `lists` of the query's schema. Answers each
 * query's entries by its index in `queries`, entries ordered by list and entry id.
 */
export async function findWatchlistCandidatesOfMany(
  db: Executor,
  input: { lists: readonly WatchlistCode[]; queries: readonly CandidateKeyQuery[]; perRoad?: number },
): Promise<Map<number, CandidateEntry[]>> {
  const batch = input.queries
    .map((q, index) => ({ qid: index, schema: q.schema, full_keys: [...new Set(q.fullKeys.filter((k) => k !== ''))], token_keys: [...new Set(q.tokenKeys)] }))
    .filter((q) => q.full_keys.length > 0 || q.token_keys.length > 0);
  const result = new Map<number, CandidateEntry[]>();
  if (batch.length === 0 || input.lists.length === 0) return result;
  const perRoad = input.perRoad ?? CANDIDATES_PER_NAME;
  const { rows } = await withoutJit(db, (trx) => trx.raw(
    `WITH q AS (
       SELECT (x->>'qid')::int AS qid, x->>'schema' AS schema,
              ARRAY(SELECT jsonb_array_elements_text(x->'full_keys')) AS full_keys,
              ARRAY(SELECT jsonb_array_elements_text(x->'token_keys')) AS token_keys
         FROM jsonb_array_elements(?::jsonb) x),
     similar_names AS (
       SELECT q.qid, n.entry_id FROM q CROSS JOIN LATERAL unnest(q.full_keys) AS k(full_key) CROSS JOIN LATERAL (
         SELECT n.entry_id FROM watchlist_names n WHERE n.normalized_name % k.full_key
         ORDER BY similarity(n.normalized_name, k.full_key) DESC LIMIT ?) n
     ),
     token_names AS (
       SELECT q.qid, t.entry_id FROM q CROSS JOIN LATERAL (
         SELECT n.entry_id FROM watchlist_names n WHERE cardinality(q.token_keys) > 0 AND n.tokens && q.token_keys
         ORDER BY (SELECT max(similarity(n.normalized_name, k)) FROM unnest(q.full_keys) k) DESC NULLS LAST LIMIT ?) t
     ),
     hits AS (SELECT qid, entry_id FROM similar_names UNION SELECT qid, entry_id FROM token_names),
     kept AS (
       SELECT h.qid, e.id FROM hits h JOIN q ON q.qid = h.qid JOIN watchlist_entries e ON e.id = h.entry_id
        WHERE e.delisted_in_version IS NULL AND e.list = ANY(?::text[]) AND e.schema = q.schema)
     SELECT k.qid, e.id, e.list, e.entry_id, e.schema, e.programs, to_char(e.listed_on, 'YYYY-MM-DD') AS listed_on, e.birth_dates, e.nationalities, e.documents, e.last_version,
       (SELECT json_agg(json_build_object('name', n.name, 'quality', n.quality) ORDER BY n.quality <> 'primary', n.id) FROM watchlist_names n WHERE n.entry_id = e.id) AS names
     FROM kept k JOIN watchlist_entries e ON e.id = k.id
     ORDER BY k.qid, e.list, e.entry_id`,
    [JSON.stringify(batch), perRoad, perRoad, [...input.lists]],
  ));
  const entries = new Map<string, CandidateEntry>();
  for (const r of rows as any[]) {
    const key = String(r.id);
    let entry = entries.get(key);
    if (!entry) {
      entry = {
        list: r.list, entry_id: r.entry_id, schema: r.schema, names: (r.names ?? []) as WatchlistName[], birth_dates: r.birth_dates as string[],
        nationalities: r.nationalities as string[], documents: r.documents as WatchlistDocument[], programs: r.programs as string[], listed_on: r.listed_on, list_version: r.last_version,
      };
      entries.set(key, entry);
    }
    const qid = Number(r.qid);
    (result.get(qid) ?? result.set(qid, []).get(qid)!).push(entry);
  }
  return result;
}
