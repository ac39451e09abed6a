import type { Knex } from 'knex';

/**
 * Adverse-media screenings and their hits. A hit copies what it showed (title, url, snippet,
 * scores, matcher and taxonomy versions) so that a screening reads the same years later even
 * if the corpus is re-imported.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('screenings', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique();
    t.bigInteger('company_id').notNullable().references('companies.id');
    // No foreign key: a screening is a record of the past and must not block the entity store's
    // maintenance; the read form copes with a subject that no longer exists.
    t.bigInteger('entity_id').notNullable();
    t.text('status').notNullable().defaultTo('queued');
    t.text('client_reference');
    t.uuid('webhook_endpoint_uuid');
    t.boolean('include_related').notNullable().defaultTo(false);
    // Articles published after this instant are not screened: the result can be replayed.
    t.timestamp('as_of', { useTz: true }).notNullable();
    t.jsonb('names').notNullable().defaultTo('[]');
    t.jsonb('counts_by_category').notNullable().defaultTo('{}');
    t.integer('hit_count').notNullable().defaultTo(0);
    t.jsonb('limitations').notNullable().defaultTo('[]');
    t.text('matcher_version');
    t.text('taxonomy_version');
    t.text('error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.check(`status IN ('queued','running','completed','failed')`);
    t.index(['company_id', 'created_at']);
  });

  await knex.schema.createTable('screening_hits', (t) => {
    t.bigInteger('screening_id').notNullable().references('screenings.id').onDelete('CASCADE');
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.integer('position').notNullable(); // rank in the one hit order (score, newest, article, entity)
    t.bigInteger('media_article_id').references('media_articles.id').onDelete('SET NULL');
    t.text('article_id').notNullable();
    t.text('url').notNullable();
    t.text('title').notNullable();
    t.text('source');
    t.timestamp('published_at', { useTz: true });
    t.bigInteger('entity_id').notNullable();
    t.text('matched_name').notNullable();
    t.text('name_source');
    t.text('match_type').notNullable();
    t.integer('match_score').notNullable();
    t.text('matched_in').notNullable();
    t.text('category').notNullable();
    t.specificType('category_terms', 'text[]').notNullable().defaultTo('{}');
    t.text('snippet').notNullable();
    t.primary(['screening_id', 'position']);
    t.check('match_score BETWEEN 0 AND 100');
  });

  // Candidate retrieval orders matches by recency; the full-text index finds them.
  await knex.raw('CREATE INDEX IF NOT EXISTS media_articles_published_at ON media_articles (published_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('screening_hits');
  await knex.schema.dropTableIfExists('screenings');
  await knex.raw('DROP INDEX IF EXISTS media_articles_published_at');
}
