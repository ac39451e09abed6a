import { type Executor, queryPrepared } from '../../create-db';
import { type CandidateQuery, candidateRetrieval } from '../../../domain/watchlists/candidate-query';
import type { WatchlistCode, WatchlistDocument, WatchlistEntry, WatchlistName } from '../../../domain/watchlists/watchlist-entry';

/** A listed entry as the matcher reads it, with the list version it was last seen in. */
export type CandidateEntry = WatchlistEntry & { list_version: string };

/**
 * The entries still listed (on `lists`, of the query's schema) that may match one query: the
 * same statement as findWatchlistCandidatesOfMany, for one query.
 */
export async function findWatchlistCandidates(
  db: Executor,
  query: CandidateQuery & { lists: readonly WatchlistCode[] },
  limits: Partial<CandidateLimits> = {},
): Promise<CandidateEntry[]> {
  const { lists, ...keys } = query;
  return (await findWatchlistCandidatesOfMany(db, { lists, queries: [keys], limits })).get(0) ?? [];
}

export type CandidateLimits = { perRoad: number; rareWordNames: number; rarestWords: number };

/**
 * The candidates of MANY queries in ONE statement (a request of up to 100 queries, an analysis'
 * whole network), retrieval of matcher 1.1 (docs/watchlists.md, "Candidates" and "Throughput"):
 *
 * 1. **Token road, by word rarity.** Each query word's frequency is the number of listed names
 *    holding one of its keys (`watchlist_token_keys`, kept by the importer in the same
 *    transaction; a key the table lacks counts 0). Of the `rarestWords` rarest words, each rare
 *    one (≤ `rareWordNames` names) is fetched alone, and every pair is fetched as a conjunction
 *    (`tokens && a AND tokens && b`: the GIN index intersects the posting lists, so two common
 *    words cost what their common names cost). The names fetched are ranked by how many query
 *    words they share, then by the words' rarity (Σ 1/frequency), then by trigram similarity to a
 *    full key (the crowded case: many names share the same two words), then entry row id; at most
 *    `perRoad` entries of the query's schema on `lists`.
 * 2. **Trigram road**, only for a query whose token road found no entry sharing `strongWords`
 *    words: names trigram-similar to one of its full keys, the most similar first, `perRoad` each.
 *
 * Answers each query's entries by its index in `queries`, entries ordered by list and entry id.
 */
export async function findWatchlistCandidatesOfMany(
  db: Executor,
  input: { lists: readonly WatchlistCode[]; queries: readonly CandidateQuery[]; limits?: Partial<CandidateLimits> },
): Promise<Map<number, CandidateEntry[]>> {
  const limits: CandidateLimits = { ...candidateRetrieval, ...input.limits };
  const batch = input.queries
    .map((q, index) => ({
      qid: index,
      schema: q.schema,
      strong: q.strongWords,
      full_keys: [...new Set(q.fullKeys.filter((k) => k !== ''))],
      words: q.words.filter((w) => w.length > 0),
    }))
    .filter((q) => q.full_keys.length > 0 || q.words.length > 0);
  const result = new Map<number, CandidateEntry[]>();
  if (batch.length === 0 || input.lists.length === 0) return result;
  const lists = [...input.lists];
  const rows = await queryPrepared(db, candidateStatement(limits), [JSON.stringify(batch), lists]);
  const entries = new Map<string, CandidateEntry>();
  for (const r of rows as any[]) {
    const key = String(r.id);
    let entry = entries.get(key);
    if (!entry) {
      entry = {
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
      };
      entries.set(key, entry);
    }
    const qid = Number(r.qid);
    (result.get(qid) ?? result.set(qid, []).get(qid)!).push(entry);
  }
  return result;
}

/**
 * The candidate statement with its limits written in (integers of candidate-query.ts), named by
 * them: a prepared statement per connection, planned once. Planning this statement costs about
 * as much as running it for a single query (1.5 ms of 2, EXPLAIN on an idle list) and its row
 * estimates are blind to the parameters (a jsonb batch, a list array), so a generic plan loses
 * nothing (docs/watchlists.md, "Throughput"). Without JIT: the pools turn it off
 * (db/create-db.ts); this statement's estimate always crosses jit_above_cost, and compiling
 * would cost more than running it.
 */
function candidateStatement(limits: CandidateLimits): { name: string; text: string } {
  for (const value of Object.values(limits))
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`candidate limits must be integers: ${JSON.stringify(limits)}`);
  return {
    name: `watchlist-candidates-1.1-${limits.perRoad}-${limits.rareWordNames}-${limits.rarestWords}`,
    text: `WITH q AS MATERIALIZED (
       SELECT (x->>'qid')::int AS qid, x->>'schema' AS schema, (x->>'strong')::int AS strong,
              ARRAY(SELECT jsonb_array_elements_text(x->'full_keys')) AS full_keys, x->'words' AS words
         FROM jsonb_array_elements($1::jsonb) x),
     w AS MATERIALIZED (
       SELECT q.qid, wd.ord::int AS word, wk.keys,
              (SELECT coalesce(sum(f.names), 0) FROM watchlist_token_keys f WHERE f.schema = q.schema AND f.key = ANY(wk.keys))::int AS names
         FROM q CROSS JOIN LATERAL jsonb_array_elements(q.words) WITH ORDINALITY AS wd(keys, ord)
         CROSS JOIN LATERAL (SELECT ARRAY(SELECT jsonb_array_elements_text(wd.keys)) AS keys) wk),
     rarest AS MATERIALIZED (
       SELECT r.qid, r.word, r.keys, r.names, r.rank FROM (
         SELECT w.*, row_number() OVER (PARTITION BY w.qid ORDER BY w.names, w.word) AS rank FROM w) r
        WHERE r.rank <= ${limits.rarestWords}),
     token_rows AS (
       SELECT r.qid, n.id AS name_id, n.entry_id, n.tokens, n.normalized_name FROM rarest r CROSS JOIN LATERAL (
         SELECT n.id, n.entry_id, n.tokens, n.normalized_name FROM watchlist_names n WHERE n.tokens && r.keys) n
        WHERE r.names <= ${limits.rareWordNames}
       UNION
       SELECT a.qid, n.id, n.entry_id, n.tokens, n.normalized_name FROM rarest a JOIN rarest b ON b.qid = a.qid AND b.rank > a.rank CROSS JOIN LATERAL (
         SELECT n.id, n.entry_id, n.tokens, n.normalized_name FROM watchlist_names n WHERE n.tokens && a.keys AND n.tokens && b.keys) n),
     name_scores AS (
       SELECT t.qid, t.entry_id, t.normalized_name, count(*)::int AS words, sum(1.0 / greatest(w.names, 1)) AS weight
         FROM token_rows t JOIN w ON w.qid = t.qid AND t.tokens && w.keys
        GROUP BY t.qid, t.entry_id, t.name_id, t.normalized_name),
     token_ranked AS (
       SELECT s.qid, s.entry_id, max(s.words) AS words, max(s.weight) AS weight,
              max((SELECT max(similarity(s.normalized_name, k)) FROM unnest(q.full_keys) k)) AS similar
         FROM name_scores s JOIN q ON q.qid = s.qid
         CROSS JOIN LATERAL (SELECT e.list, e.schema, e.delisted_in_version FROM watchlist_entries e WHERE e.id = s.entry_id OFFSET 0) e
        WHERE e.delisted_in_version IS NULL AND e.list = ANY($2::text[]) AND e.schema = q.schema
        GROUP BY s.qid, s.entry_id),
     token_names AS MATERIALIZED (
       SELECT x.qid, x.entry_id, x.words FROM (
         SELECT r.*, row_number() OVER (PARTITION BY r.qid ORDER BY r.words DESC, r.weight DESC, r.similar DESC NULLS LAST, r.entry_id) AS n FROM token_ranked r) x
        WHERE x.n <= ${limits.perRoad}),
     weak AS (SELECT q.qid, q.full_keys FROM q WHERE NOT EXISTS (SELECT 1 FROM token_names t WHERE t.qid = q.qid AND t.words >= q.strong)),
     similar_names AS (
       SELECT weak.qid, n.entry_id FROM weak CROSS JOIN LATERAL unnest(weak.full_keys) AS k(full_key) CROSS JOIN LATERAL (
         SELECT n.entry_id FROM watchlist_names n WHERE n.normalized_name % k.full_key
         ORDER BY similarity(n.normalized_name, k.full_key) DESC LIMIT ${limits.perRoad}) n
     ),
     hits AS (SELECT qid, entry_id FROM similar_names UNION SELECT qid, entry_id FROM token_names),
     -- The entries by primary key, row by row (OFFSET 0 keeps each lookup a parameterized index
     -- scan: a batch's row estimates are blind and would otherwise hash the whole table).
     kept AS (
       SELECT h.qid, e.* FROM hits h JOIN q ON q.qid = h.qid
       CROSS JOIN LATERAL (SELECT * FROM watchlist_entries e WHERE e.id = h.entry_id OFFSET 0) e
        WHERE e.delisted_in_version IS NULL AND e.list = ANY($2::text[]) AND e.schema = q.schema)
     SELECT e.qid, e.id, e.list, e.entry_id, e.schema, e.programs, to_char(e.listed_on, 'YYYY-MM-DD') AS listed_on, e.birth_dates, e.nationalities, e.documents, e.last_version,
       (SELECT json_agg(json_build_object('name', n.name, 'quality', n.quality) ORDER BY n.quality <> 'primary', n.id) FROM watchlist_names n WHERE n.entry_id = e.id) AS names
     FROM kept e
     ORDER BY e.qid, e.list, e.entry_id`,
  };
}
