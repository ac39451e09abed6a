import type { Knex } from 'knex';

/**
 * The audit trail (docs/people-and-cases.md, "The audit trail"): one append-only row per change of
 * state, in a hash chain per company (`company_id` null: the service chain, for writes that belong
 * to no company). `seq` numbers a chain from 1, unique per chain; `prev_hash` and `hash` are the
 * chain link (domain/audit/audit-event.ts). Appending takes the chain's advisory lock inside the
 * transaction of the change it records (db/repositories/audit/audit-event-repository.ts).
 *
 * A trigger refuses UPDATE, DELETE and TRUNCATE for every role; in production the tables belong to
 * the migration role and the service's role is granted only SELECT and INSERT here, so it can
 * neither change a row nor drop the trigger (docs/people-and-cases.md, "The database protection").
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique();
    t.bigInteger('company_id').nullable().references('companies.id');
    t.bigInteger('seq').notNullable();
    t.text('prev_hash').notNullable();
    t.text('hash').notNullable();
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('actor_type').notNullable();
    t.text('actor_id').notNullable();
    t.text('actor_name').notNullable();
    t.text('action').notNullable();
    t.text('resource_type').notNullable();
    t.text('resource_id').notNullable();
    t.text('request_id');
    t.jsonb('changes').notNullable().defaultTo('{}');
  });
  // One chain per company (0: the service chain); the head of a chain is the last entry of this index.
  await knex.raw('CREATE UNIQUE INDEX audit_events_chain_seq ON audit_events ((coalesce(company_id, 0)), seq)');
  await knex.raw('CREATE INDEX audit_events_company_resource ON audit_events (company_id, resource_id, seq)');
  await knex.raw('CREATE INDEX audit_events_company_actor ON audit_events (company_id, actor_id, seq)');
  await knex.raw(`
    CREATE FUNCTION audit_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit events are append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
    END
    $$`);
  await knex.raw(`
    CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change()`);
  await knex.raw(`
    CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
    FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS audit_events');
  await knex.raw('DROP FUNCTION IF EXISTS audit_events_refuse_change()');
}
