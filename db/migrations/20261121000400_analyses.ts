import type { Knex } from 'knex';

/**
 * Analyses and their lifecycle. The snapshot, verdict and graph live here (jsonb) so that an
 * auditor can replay a verdict years later from the row alone: snapshot + rules_version +
 * engine_fingerprint reproduce verdict_fingerprint.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analyses', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique();
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.bigInteger('entity_id').notNullable();
    t.text('mode').notNullable(); // sync | async
    t.text('status').notNullable().defaultTo('queued'); // queued | running | completed | failed
    t.text('current_step').notNullable().defaultTo('queued'); // queued | enrichment | scoring | graph | finalize | completed | failed
    t.text('source');
    t.text('client_reference');
    // No foreign key: webhook endpoints are another area's table and may be deleted later.
    t.uuid('webhook_endpoint_uuid');
    t.uuid('entry_uuid').notNullable();
    t.date('as_of').notNullable();
    t.jsonb('snapshot');
    t.text('snapshot_hash');
    t.text('input_fingerprint');
    t.jsonb('verdict');
    t.text('verdict_fingerprint');
    t.text('engine_fingerprint');
    t.text('rules_version');
    t.integer('score');
    t.text('risk_level');
    t.jsonb('graph'); // null until the graph step is done
    t.jsonb('graph_expansions').notNullable().defaultTo('[]');
    t.text('workflow_id').notNullable();
    t.jsonb('error'); // {code, message} of a failed analysis; never a stack trace
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.check(`mode IN ('sync','async')`);
    t.check(`status IN ('queued','running','completed','failed')`);
    t.check(`score IS NULL OR score BETWEEN 0 AND 100`);
    t.check(`risk_level IS NULL OR risk_level IN ('low','medium','high','critical')`);
    // A completed analysis always carries its verdict; a failed one never does.
    t.check(`status <> 'completed' OR verdict IS NOT NULL`, [], 'analyses_completed_has_verdict');
    t.check(`status <> 'failed' OR verdict IS NULL`, [], 'analyses_failed_has_no_verdict');
  });
  await knex.raw('CREATE INDEX analyses_company_created ON analyses (company_id, created_at DESC)');
  await knex.raw('CREATE INDEX analyses_company_entity ON analyses (company_id, entity_id)');

  await knex.schema.createTable('analysis_events', (t) => {
    t.bigIncrements('id');
    t.bigInteger('analysis_id').notNullable().references('analyses.id').onDelete('CASCADE');
    t.text('type').notNullable(); // queued | started | enrichment_completed | scoring_completed | graph_completed | completed | failed
    t.jsonb('details').notNullable().defaultTo('{}');
    t.timestamp('occurred_at', { useTz: true }).notNullable().defaultTo(knex.raw('clock_timestamp()'));
    // A retried step writes its event at most once.
    t.unique(['analysis_id', 'type']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.text('operation').notNullable(); // e.g. 'createAsyncAnalysis'
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.integer('response_status').notNullable();
    t.jsonb('response').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['company_id', 'operation', 'key']);
  });
  await knex.raw('CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('idempotency_keys');
  await knex.schema.dropTableIfExists('analysis_events');
  await knex.schema.dropTableIfExists('analyses');
}
