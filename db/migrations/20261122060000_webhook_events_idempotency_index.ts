import type { Knex } from 'knex';

/**
 * Every publication first looks its idempotency key up by (company_id, idempotency_key). The only
 * index was the unique (company_id, endpoint_id, idempotency_key), which cannot seek past the
 * endpoint: each lookup walked all of the company's events, so publishing got slower as a
 * customer's event log grew (docs/webhooks.md, "Fourth push").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS webhook_events_company_idempotency_key ON webhook_events (company_id, idempotency_key)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS webhook_events_company_idempotency_key');
}
