import type { Knex } from 'knex';

/**
 * The canonical entity store. Every row knows the import run that brought it (`import_run_id`)
 * and carries a `source_key`: the natural key of its source, which makes every import an
 * idempotent upsert. Documents are stored normalized: digits (CPF), 14 upper-case chars (CNPJ),
 * or the masked CPF form `***123456**` as Receita Federal publishes partners.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await knex.raw('CREATE EXTENSION IF NOT EXISTS unaccent');
  // unaccent() is only STABLE; an IMMUTABLE wrapper lets it feed indexes and generated columns.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`);

  await knex.schema.createTable('import_runs', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable(); // cnpj | pep | ceis | cnep | bods | proceedings | media | demo
    t.text('file_name');
    t.text('file_sha256');
    t.text('status').notNullable().defaultTo('running'); // running | completed | failed
    t.jsonb('stats').notNullable().defaultTo('{}');
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
  });

  // Receita Federal code tables (CNAE, natureza jurídica, qualificação, município, país, motivo).
  await knex.schema.createTable('rf_codes', (t) => {
    t.text('table_name').notNullable();
    t.text('code').notNullable();
    t.text('description').notNullable();
    t.bigInteger('import_run_id').references('import_runs.id');
    t.primary(['table_name', 'code']);
  });

  await knex.schema.createTable('entities', (t) => {
    t.bigIncrements('id'); // the canonical entity_id of the API
    t.text('entity_type').notNullable();
    t.text('display_name').notNullable();
    t.text('normalized_name').notNullable();
    t.text('document'); // primary document, normalized
    t.text('document_type'); // cpf | cpf_masked | cnpj | foreign | other
    t.text('status'); // registration status, e.g. ATIVA, BAIXADA, SUSPENSA, INAPTA, NULA
    // Every other SubjectProfile field (docs/engine.md), snake_case, validated by the importers.
    t.jsonb('profile').notNullable().defaultTo('{}');
    t.text('source_key').notNullable().unique();
    t.text('content_hash');
    t.bigInteger('import_run_id').references('import_runs.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(
      `entity_type IN ('person','organization','government_agency','financial_institution','political_party','foreign_entity','vessel','aircraft','notary_office','unknown')`,
    );
  });
  await knex.raw('CREATE INDEX entities_normalized_name_trgm ON entities USING gin (normalized_name gin_trgm_ops)');
  await knex.raw('CREATE INDEX entities_document ON entities (document)');

  // Several entities may hold one document: that is what makes a resolution ambiguous.
  await knex.schema.createTable('entity_documents', (t) => {
    t.bigInteger('entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.text('document').notNullable();
    t.text('document_type').notNullable();
    t.bigInteger('import_run_id').references('import_runs.id');
    t.primary(['entity_id', 'document']);
    t.index(['document']);
  });

  // Directed: source → target (owner → owned, partner → company, branch → headquarters, ...).
  await knex.schema.createTable('relationships', (t) => {
    t.bigIncrements('id');
    t.bigInteger('source_entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.bigInteger('target_entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    // PARTNER_OF | OWNS | ADMINISTERS | LEGAL_REPRESENTATIVE_OF | FAMILY_OF | ACCOUNT_AT_INSTITUTION
    // | EMPLOYED_BY | BRANCH_OF | CONTROLS
    t.text('relationship_type').notNullable();
    t.text('relationship_subtype');
    t.text('relationship_role'); // e.g. the RF qualification description
    t.text('qualification_code');
    t.decimal('ownership_percentage', 9, 6);
    t.decimal('voting_percentage', 9, 6);
    t.date('valid_from');
    t.date('valid_to');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.text('evidence_source').notNullable(); // rf | bods | pep | manual | ...
    t.text('evidence_table');
    t.text('evidence_id');
    t.text('confidence_level').notNullable().defaultTo('high'); // high | medium | low
    t.text('source_key').notNullable().unique();
    t.bigInteger('import_run_id').references('import_runs.id');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['source_entity_id']);
    t.index(['target_entity_id']);
  });

  await knex.schema.createTable('pep_records', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entity_id').references('entities.id').onDelete('SET NULL');
    t.text('cpf_masked');
    t.text('name').notNullable();
    t.text('normalized_name').notNullable();
    t.text('role_acronym');
    t.text('role_description');
    t.text('role_level');
    t.text('institution_name');
    t.date('start_date');
    t.date('end_date');
    t.date('grace_end_date');
    t.text('pep_type').notNullable().defaultTo('public_official'); // elected_official | public_official | ...
    t.text('source_key').notNullable().unique();
    t.bigInteger('import_run_id').references('import_runs.id');
    t.index(['entity_id']);
    t.index(['cpf_masked', 'normalized_name']);
  });

  await knex.schema.createTable('sanctions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('entity_id').references('entities.id').onDelete('SET NULL');
    t.text('list_code').notNullable(); // ceis | cnep
    t.text('document');
    t.text('document_type');
    t.text('name').notNullable();
    t.text('normalized_name').notNullable();
    t.text('sanction_type');
    t.date('start_date');
    t.date('end_date');
    t.text('sanctioning_body');
    t.text('process_number');
    t.text('legal_basis');
    t.decimal('fine_amount', 18, 2);
    t.jsonb('raw').notNullable().defaultTo('{}');
    t.text('source_key').notNullable().unique();
    t.bigInteger('import_run_id').references('import_runs.id');
    t.index(['entity_id']);
    t.index(['document']);
  });

  await knex.schema.createTable('proceedings', (t) => {
    t.bigIncrements('id');
    t.text('proceeding_number').notNullable().unique();
    t.text('proceeding_type');
    t.text('status');
    t.date('opened_at');
    t.date('decision_date');
    t.date('closed_at');
    t.text('authority');
    t.text('summary');
    t.text('content_hash');
    t.bigInteger('import_run_id').references('import_runs.id');
  });

  await knex.schema.createTable('proceeding_parties', (t) => {
    t.bigIncrements('id');
    t.bigInteger('proceeding_id').notNullable().references('proceedings.id').onDelete('CASCADE');
    t.bigInteger('entity_id').references('entities.id').onDelete('SET NULL');
    t.text('document');
    t.text('name').notNullable();
    t.text('role');
    t.unique(['proceeding_id', 'document', 'name', 'role']);
    t.index(['entity_id']);
  });

  await knex.schema.createTable('media_articles', (t) => {
    t.bigIncrements('id');
    t.text('article_id').notNullable().unique(); // the corpus' own id
    t.text('url').notNullable();
    t.text('title').notNullable();
    t.text('source');
    t.timestamp('published_at', { useTz: true });
    t.text('language');
    t.text('body').notNullable();
    t.text('content_hash');
    t.bigInteger('import_run_id').references('import_runs.id');
  });
  await knex.raw(`
    ALTER TABLE media_articles ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('portuguese'::regconfig, immutable_unaccent(coalesce(title, '') || ' ' || coalesce(body, '')))) STORED`);
  await knex.raw('CREATE INDEX media_articles_search ON media_articles USING gin (search_vector)');

  // Declared beneficial ownership (BODS): carries percentages and full identifiers.
  await knex.schema.createTable('beneficial_ownership_declarations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('subject_entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.bigInteger('owner_entity_id').notNullable().references('entities.id').onDelete('CASCADE');
    t.specificType('interest_types', 'text[]').notNullable().defaultTo('{}');
    t.decimal('share_exact', 9, 6);
    t.decimal('share_minimum', 9, 6);
    t.decimal('share_maximum', 9, 6);
    t.boolean('is_direct');
    t.boolean('beneficial_ownership_or_control');
    t.date('start_date');
    t.date('end_date');
    t.text('statement_id').notNullable();
    t.text('source_key').notNullable().unique();
    t.bigInteger('import_run_id').references('import_runs.id');
    t.index(['subject_entity_id']);
    t.index(['owner_entity_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'beneficial_ownership_declarations',
    'media_articles',
    'proceeding_parties',
    'proceedings',
    'sanctions',
    'pep_records',
    'relationships',
    'entity_documents',
    'entities',
    'rf_codes',
    'import_runs',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
  await knex.raw('DROP FUNCTION IF EXISTS immutable_unaccent(text)');
}
