import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE EXTENSION IF NOT EXISTS pgcrypto');

  await knex.schema.createTable('plans', (t) => {
    t.bigIncrements('id');
    t.text('code').notNullable().unique();
    t.specificType('features', 'text[]').notNullable().defaultTo('{}');
    // { "<operation>": <monthly limit> }; an operation missing from the map has no quota left.
    t.jsonb('quotas').notNullable().defaultTo('{}');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('companies', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.bigInteger('plan_id').notNullable().references('plans.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('api_keys', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.text('name');
    // SHA-256 of the whole key: the key itself is never stored.
    t.text('key_hash').notNullable().unique();
    t.text('key_prefix').notNullable();
    t.specificType('scopes', 'text[]').notNullable();
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('quota_usage', (t) => {
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.text('operation').notNullable();
    t.text('period').notNullable(); // 'YYYY-MM' in UTC
    t.integer('used').notNullable().defaultTo(0);
    t.primary(['company_id', 'operation', 'period']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('quota_usage');
  await knex.schema.dropTable('api_keys');
  await knex.schema.dropTable('companies');
  await knex.schema.dropTable('plans');
}
