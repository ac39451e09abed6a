import type { Knex } from 'knex';
import { candidateKeysOf } from '../../domain/watchlists/candidate-keys';
import type { WatchlistSchema } from '../../domain/watchlists/watchlist-entry';

/**
 * Matcher 1.2 keys names differently (docs/watchlists.md, "Candidates"): a name without a
 * distinctive word gets a key of its whole (`n:global trading`), and legal forms of several words
 * ("Limited Liability Company") leave the full key. The importer re-keys only the entries whose
 * content changed, so the names already imported are re-keyed here, by the matcher's own function,
 * and the token-key counts rewritten. Analyses already screened keep their frozen results.
 */
const PAGE = 5_000;

export async function up(knex: Knex): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: string; name: string; schema: WatchlistSchema; normalized_name: string; tokens: string[] }[] = (
      await knex.raw(
        `SELECT n.id, n.name, e.schema, n.normalized_name, n.tokens FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
          WHERE n.id > ? ORDER BY n.id LIMIT ?`,
        [after, PAGE],
      )
    ).rows;
    if (rows.length === 0) break;
    after = Number(rows[rows.length - 1].id);
    const changed = rows
      .map((r) => ({ r, keys: candidateKeysOf(r.name, r.schema) }))
      .filter(({ r, keys }) => keys.fullKey !== r.normalized_name || keys.tokenKeys.join('\u0000') !== r.tokens.join('\u0000'))
      .map(({ r, keys }) => ({ id: r.id, normalized_name: keys.fullKey, tokens: keys.tokenKeys }));
    if (changed.length > 0) {
      await knex.raw(
        `UPDATE watchlist_names n SET normalized_name = c.normalized_name, tokens = ARRAY(SELECT jsonb_array_elements_text(c.tokens))
           FROM jsonb_to_recordset(?::jsonb) AS c(id bigint, normalized_name text, tokens jsonb) WHERE n.id = c.id`,
        [JSON.stringify(changed)],
      );
    }
  }
  await knex.raw('DELETE FROM watchlist_token_keys');
  await knex.raw(`INSERT INTO watchlist_token_keys (schema, key, names)
    SELECT e.schema, k.key, count(*)::int FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
    CROSS JOIN LATERAL unnest(n.tokens) AS k(key) WHERE e.delisted_in_version IS NULL GROUP BY e.schema, k.key`);
}

/** Keys of matcher 1.2 are a superset the 1.1 retrieval reads harmlessly (an `n:` key no 1.1 query asks for). */
export async function down(): Promise<void> {}
