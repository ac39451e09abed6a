import type { Knex } from 'knex';

/**
 * Entity store additions for the importers: content hashes (a re-import of unchanged rows writes
 * nothing), the CNPJ root lookup (partners and branches find their headquarters), the scope of
 * "rows of this release" (stale partnerships are deactivated), and import-run lookups by file hash.
 */
export async function up(knex: Knex): Promise<void> {
  for (const table of ['relationships', 'pep_records', 'sanctions', 'beneficial_ownership_declarations', 'media_articles']) {
    const has = await knex.schema.hasColumn(table, 'content_hash');
    if (!has) await knex.schema.alterTable(table, (t) => t.text('content_hash'));
  }
  await knex.raw(`CREATE INDEX IF NOT EXISTS entities_cnpj_root ON entities (left(document, 8)) WHERE document_type = 'cnpj'`);
  await knex.raw('CREATE INDEX IF NOT EXISTS relationships_evidence ON relationships (evidence_source, evidence_table, evidence_id)');
  await knex.raw('CREATE INDEX IF NOT EXISTS import_runs_kind_sha ON import_runs (kind, file_sha256)');
  await knex.raw('CREATE INDEX IF NOT EXISTS sanctions_normalized_name ON sanctions (normalized_name)');
  await knex.raw('CREATE INDEX IF NOT EXISTS proceeding_parties_document ON proceeding_parties (document)');
  // Search pages by (similarity desc, id asc); entity_type filters are common.
  await knex.raw('CREATE INDEX IF NOT EXISTS entities_entity_type ON entities (entity_type, id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const index of [
    'entities_cnpj_root',
    'relationships_evidence',
    'import_runs_kind_sha',
    'sanctions_normalized_name',
    'proceeding_parties_document',
    'entities_entity_type',
  ]) {
    await knex.raw(`DROP INDEX IF EXISTS ${index}`);
  }
  for (const table of ['relationships', 'pep_records', 'sanctions', 'beneficial_ownership_declarations', 'media_articles']) {
    await knex.schema.alterTable(table, (t) => t.dropColumn('content_hash'));
  }
}
