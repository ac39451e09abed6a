import type { Knex } from 'knex';

/**
 * Filing-ready COAF communications (docs/reports.md, "Code tables" and "Occurrence data"):
 * - `regulatory_codes`: the institution's own Siscoaf code tables (TpEnv, CodEnq), exported by
 *   its compliance officer from Siscoaf and loaded with `ops regulatory codes import`; a new
 *   import of a table replaces that table of the company (what a finalized report used is
 *   frozen in its XML).
 * - `reports.occurrence`: the occurrence data the officer enters on a coaf_cos draft
 *   (`PUT /reports/{uuid}/occurrence`), frozen with the report at finalize.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE regulatory_codes (
    id bigserial PRIMARY KEY,
    company_id bigint NOT NULL REFERENCES companies(id),
    code_table text NOT NULL CHECK (code_table IN ('TpEnv', 'CodEnq')),
    code text NOT NULL CHECK (code ~ '^[0-9]{1,6}$'),
    description text NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
    imported_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (company_id, code_table, code)
  )`);
  await knex.schema.alterTable('reports', (t) => {
    t.jsonb('occurrence');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('reports', (t) => t.dropColumn('occurrence'));
  await knex.raw('DROP TABLE regulatory_codes');
}
