import type { Knex } from 'knex';

/**
 * Webhook endpoints, events (one per event and endpoint: a delivery) and their attempts.
 * Postgres is what clients read; Temporal holds what is still to be done (docs/architecture.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.text('name').notNullable();
    t.text('url').notNullable();
    t.specificType('subscribed_events', 'text[]').notNullable().defaultTo('{}');
    t.text('status').notNullable().defaultTo('active');
    t.text('disabled_reason');
    // AES-256-GCM (infra/secret-box.ts) under WEBHOOK_ENCRYPTION_KEY; the plain secret is never stored.
    t.text('secret_ciphertext').notNullable();
    t.integer('secret_version').notNullable().defaultTo(1);
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('first_failure_at', { useTz: true });
    t.timestamp('last_success_at', { useTz: true });
    t.timestamp('last_failure_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`status IN ('active','paused','disabled')`);
    t.index(['company_id', 'id']);
    t.index(['company_id', 'status']);
  });

  await knex.schema.createTable('webhook_events', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique().defaultTo(knex.raw('gen_random_uuid()'));
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.bigInteger('endpoint_id').notNullable().references('webhook_endpoints.id');
    t.text('type').notNullable();
    // The body sent on every attempt, byte for byte (serialised from this jsonb value).
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.text('idempotency_key').notNullable();
    t.integer('attempt_count').notNullable().defaultTo(0);
    // Delivery workflows started for this event: 0 for the first, +1 per retry (its workflow id).
    t.integer('delivery_run').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('delivered_at', { useTz: true });
    t.check(`status IN ('pending','delivering','succeeded','failed')`);
    t.unique(['company_id', 'endpoint_id', 'idempotency_key']);
    t.index(['company_id', 'id']);
    t.index(['company_id', 'status', 'id']);
    t.index(['endpoint_id', 'id']);
    t.index(['status', 'created_at']);
  });

  await knex.schema.createTable('webhook_attempts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('event_id').notNullable().references('webhook_events.id').onDelete('CASCADE');
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.integer('attempt_number').notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable();
    t.integer('duration_ms');
    t.integer('status_code');
    t.text('error');
    t.text('response_body_truncated');
    t.unique(['event_id', 'attempt_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_attempts');
  await knex.schema.dropTableIfExists('webhook_events');
  await knex.schema.dropTableIfExists('webhook_endpoints');
}
