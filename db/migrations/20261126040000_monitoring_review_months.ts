import type { Knex } from 'knex';

/**
 * Monitoring (docs/monitoring.md, "Schedules"): a company's months between periodic reviews per
 * last risk level (`{critical?, high?, medium?, low?}`, 1–120 each; a level not set keeps the
 * default: critical 3, high 6, medium 12, low 24), set with `ops company update --review-months`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE companies ADD COLUMN monitoring_review_months jsonb NOT NULL DEFAULT '{}'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE companies DROP COLUMN monitoring_review_months');
}
