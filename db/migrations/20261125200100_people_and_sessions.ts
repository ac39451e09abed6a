import type { Knex } from 'knex';

/**
 * People and their console sessions (docs/sign-in.md).
 * - `people`: one row per person of a company, provisioned at their first sign-in through the
 *   identity provider (`subject` is the provider's `sub`, unique per issuer and company); name,
 *   email and roles are refreshed at every sign-in from the ID token.
 * - `sessions`: one row per signed-in browser. The cookie's value is never stored: `token_hash` is
 *   its SHA-256, `csrf_hash` the SHA-256 of the CSRF token derived from it; `expires_at` ends it,
 *   `ended_at` marks a sign-out.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE people (
    id bigserial PRIMARY KEY,
    uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    company_id bigint NOT NULL REFERENCES companies(id),
    issuer text NOT NULL,
    subject text NOT NULL,
    name text NOT NULL,
    email text,
    roles text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    last_signed_in_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, issuer, subject)
  )`);
  await knex.raw(`CREATE TABLE sessions (
    id bigserial PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    csrf_hash text NOT NULL,
    person_id bigint NOT NULL REFERENCES people(id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL,
    ended_at timestamptz
  )`);
  await knex.raw('CREATE INDEX sessions_expires_at ON sessions (expires_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE sessions');
  await knex.raw('DROP TABLE people');
}
