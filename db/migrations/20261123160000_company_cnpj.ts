import type { Knex } from 'knex';

/**
 * The customer's own CNPJ (`ops company update --cnpj`): the reporting institution of its
 * regulatory reports. Optional, and at most one company per CNPJ.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE companies ADD COLUMN IF NOT EXISTS cnpj text');
  await knex.raw('CREATE UNIQUE INDEX IF NOT EXISTS companies_cnpj_unique ON companies (cnpj) WHERE cnpj IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS companies_cnpj_unique');
  await knex.raw('ALTER TABLE companies DROP COLUMN IF EXISTS cnpj');
}
