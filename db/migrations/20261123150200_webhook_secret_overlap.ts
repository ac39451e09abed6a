import type { Knex } from 'knex';

/**
 * Secret rotation with an overlap (docs/webhooks.md): after rotate-secret the previous secret,
 * still sealed, keeps signing beside the new one until `previous_secret_expires_at`
 * (WEBHOOK_SECRET_OVERLAP, default 24 h). A second rotation inside the window replaces it.
 * Attempts carry their endpoint, so that an endpoint's delivery figures of the last 24 hours are
 * one index range (the endpoint detail).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.text('previous_secret_ciphertext');
    t.timestamp('previous_secret_expires_at', { useTz: true });
  });
  await knex.schema.alterTable('webhook_attempts', (t) => t.bigInteger('endpoint_id'));
  await knex.raw('UPDATE webhook_attempts a SET endpoint_id = e.endpoint_id FROM webhook_events e WHERE e.id = a.event_id');
  await knex.raw('CREATE INDEX IF NOT EXISTS webhook_attempts_endpoint_started ON webhook_attempts (endpoint_id, started_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_attempts_endpoint_started');
  await knex.schema.alterTable('webhook_attempts', (t) => t.dropColumn('endpoint_id'));
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.dropColumn('previous_secret_ciphertext');
    t.dropColumn('previous_secret_expires_at');
  });
}
