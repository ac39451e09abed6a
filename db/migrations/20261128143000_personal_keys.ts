import type { Knex } from 'knex';

/**
 * Four eyes are two people (docs/people-and-cases.md, "Four eyes"):
 * - `api_keys.person_id`: a *personal* key acts as that person (`ops key create --person`); null for a
 *   company key, which belongs to no person and may not approve a case decision;
 * - `people.deactivated_at`: a person who left (`ops people deactivate`). Their keys and sessions
 *   are ended when it is set, and the admissions refuse both while it is set, so a key or session
 *   that escaped the ending still admits nothing;
 * - `audit_events.actor_via_key`: the personal key a person acted through (the actor's `via_key`),
 *   null for every other actor and every earlier event (adding a nullable column rewrites no row,
 *   so the append-only trigger is not involved and no hash changes).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE people ADD COLUMN deactivated_at timestamptz');
  await knex.raw('ALTER TABLE api_keys ADD COLUMN person_id bigint REFERENCES people(id)');
  await knex.raw('CREATE INDEX api_keys_person_id ON api_keys (person_id) WHERE person_id IS NOT NULL');
  await knex.raw('ALTER TABLE audit_events ADD COLUMN actor_via_key uuid');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE audit_events DROP COLUMN IF EXISTS actor_via_key');
  await knex.raw('DROP INDEX IF EXISTS api_keys_person_id');
  await knex.raw('ALTER TABLE api_keys DROP COLUMN IF EXISTS person_id');
  await knex.raw('ALTER TABLE people DROP COLUMN IF EXISTS deactivated_at');
}
