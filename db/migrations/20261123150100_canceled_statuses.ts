import type { Knex } from 'knex';

/**
 * `canceled`: a new final status of analyses, screenings and webhook events, reached through
 * POST /workflows/{workflow_id}/cancel (docs/workflows.md). A canceled analysis, like a failed
 * one, carries no verdict.
 */
const statusChecks: [table: string, statuses: string[]][] = [
  ['analyses', ['queued', 'running', 'completed', 'failed', 'canceled']],
  ['screenings', ['queued', 'running', 'completed', 'failed', 'canceled']],
  ['webhook_events', ['pending', 'delivering', 'succeeded', 'failed', 'canceled']],
];

async function replaceStatusChecks(knex: Knex, dropped: string): Promise<void> {
  for (const [table, statuses] of statusChecks) {
    const allowed = statuses.filter((s) => s !== dropped);
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_status_check`);
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_status_check CHECK (status IN (${allowed.map((s) => `'${s}'`).join(', ')}))`,
    );
  }
}

export async function up(knex: Knex): Promise<void> {
  await replaceStatusChecks(knex, '');
  await knex.raw(`ALTER TABLE analyses ADD CONSTRAINT analyses_canceled_has_no_verdict CHECK (status <> 'canceled' OR verdict IS NULL)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE analyses DROP CONSTRAINT IF EXISTS analyses_canceled_has_no_verdict');
  await replaceStatusChecks(knex, 'canceled');
}
