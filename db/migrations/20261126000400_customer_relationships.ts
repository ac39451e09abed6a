import type { Knex } from 'knex';

/**
 * The end of a company's relationship with a subject (docs/reports.md, "Retention"): Circular
 * BCB 3.978/2020 art. 67 counts the ten years of retention from the first day of the year after
 * the relationship ends, a date only the company knows. One row per company and subject entity,
 * set through `PUT /reports/{uuid}/relationship`; `ended_on` null means the relationship goes on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE customer_relationships (
    company_id bigint NOT NULL REFERENCES companies(id),
    entity_id bigint NOT NULL,
    ended_on date,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, entity_id)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE customer_relationships');
}
