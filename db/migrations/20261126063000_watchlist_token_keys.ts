import type { Knex } from 'knex';

/**
 * Retrieval of matcher 1.1 (docs/watchlists.md, "Candidates"): how many listed names (of entries
 * not delisted, per schema) hold each token key, so that a query fetches by its rarest words
 * instead of reading every name a common word such as "mohammed" shares. The importer rewrites
 * the table in the same transaction as the names (importers/watchlists/import-watchlist.ts); here
 * it is filled once from the names already imported.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE watchlist_token_keys (
    schema text NOT NULL,
    key text NOT NULL,
    names integer NOT NULL,
    PRIMARY KEY (schema, key)
  )`);
  await knex.raw(`INSERT INTO watchlist_token_keys (schema, key, names)
    SELECT e.schema, k.key, count(*)::int FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
    CROSS JOIN LATERAL unnest(n.tokens) AS k(key) WHERE e.delisted_in_version IS NULL GROUP BY e.schema, k.key`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS watchlist_token_keys');
}
