import type { Knex } from 'knex';

/**
 * The change feeds of the proceedings, BODS and media imports (docs/monitoring.md,
 * "Change detection") select the rows their run wrote or rewrote by `import_run_id`, as
 * 20261126040100_import_run_indexes does for the registry, PEP and CGU lists: each import then
 * reads only its own rows, not the whole table.
 */
const indexes: [string, string][] = [
  ['proceedings_import_run', 'proceedings'],
  ['beneficial_ownership_declarations_import_run', 'beneficial_ownership_declarations'],
  ['media_articles_import_run', 'media_articles'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, table] of indexes) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (import_run_id)`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of indexes) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
