import type { Knex } from 'knex';

/**
 * The change feed of an import (docs/monitoring.md, "Change detection") selects the rows the run
 * wrote or rewrote by `import_run_id` (importers/support/record-entity-changes.ts: entities and
 * relationships for `cnpj`, pep_records for `pep`, sanctions for the CGU lists). Without an index
 * each import ended with a sequential scan of the whole table; with one it reads only its own rows.
 * (`entity_changes` itself has no run id: it is keyed by source and version.)
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS entities_import_run ON entities (import_run_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS relationships_import_run ON relationships (import_run_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS pep_records_import_run ON pep_records (import_run_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS sanctions_import_run ON sanctions (import_run_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const name of ['entities_import_run', 'relationships_import_run', 'pep_records_import_run', 'sanctions_import_run'])
    await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
