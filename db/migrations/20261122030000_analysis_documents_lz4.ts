import type { Knex } from 'knex';

/**
 * The analysis documents (snapshot, verdict, graph, graph expansions) are written once per
 * analysis and read whole: TOAST them with lz4 instead of the default pglz, which compresses
 * several times slower and was a visible share of Postgres CPU per analysis (docs/analyses.md).
 * Rows written before keep pglz; both read back identically. PostgreSQL ≥ 14 built with lz4
 * (the Debian/Ubuntu packages and the official images are); without it the migration fails loudly.
 */
const documents = ['snapshot', 'verdict', 'graph', 'graph_expansions'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE analyses ${documents.map((c) => `ALTER COLUMN ${c} SET COMPRESSION lz4`).join(', ')}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE analyses ${documents.map((c) => `ALTER COLUMN ${c} SET COMPRESSION pglz`).join(', ')}`);
}
