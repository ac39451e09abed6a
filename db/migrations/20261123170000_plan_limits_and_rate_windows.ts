import type { Knex } from 'knex';

/**
 * Per-company limits (docs/api-conventions.md, "Limits"): a plan may override the configured
 * defaults (`limits` jsonb, e.g. {"webhook_endpoints": 200}); and one counter row per rate-limited
 * bucket (an API key per second, an endpoint's test events per minute), shared by every api
 * process. UNLOGGED: a counter is worth no WAL write per request, and a crash that empties the
 * table only forgives the current window.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE plans ADD COLUMN IF NOT EXISTS limits jsonb NOT NULL DEFAULT '{}'::jsonb`);
  await knex.raw(`CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_windows (
    bucket text PRIMARY KEY,
    window_start timestamptz NOT NULL,
    used integer NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS rate_limit_windows');
  await knex.raw('ALTER TABLE plans DROP COLUMN IF EXISTS limits');
}
