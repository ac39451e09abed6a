import type { Knex } from 'knex';

/**
 * Regulatory reports (docs/reports.md): one row per report, one row per revision of each
 * section. Nothing is ever deleted (10-year retention): triggers refuse a DELETE of either table
 * and any UPDATE of a revision, so a revision once written is the one an auditor reads. The
 * reporting institution's CNPJ is a company setting.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('companies', (t) => {
    t.text('reporting_institution_cnpj');
  });

  await knex.schema.createTable('reports', (t) => {
    t.bigIncrements('id');
    t.uuid('uuid').notNullable().unique();
    t.bigInteger('company_id').notNullable().references('companies.id');
    t.bigInteger('analysis_id').notNullable().references('analyses.id');
    t.uuid('analysis_uuid').notNullable();
    t.text('type').notNullable();
    t.text('regulator').notNullable();
    t.text('status').notNullable().defaultTo('draft'); // draft | finalized | filed | voided
    t.text('language').notNullable().defaultTo('pt-BR');
    t.jsonb('subject').notNullable();
    t.jsonb('versions').notNullable();
    t.timestamp('window_anchor_at', { useTz: true }).notNullable();
    t.timestamp('window_expires_at', { useTz: true }).notNullable();
    t.text('workflow_id').notNullable();
    // Frozen at finalize: the document JSON, its hash and the rendered files.
    t.jsonb('document');
    t.text('content_sha256');
    t.binary('document_pdf');
    t.text('document_xml');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finalized_at', { useTz: true });
    t.text('filing_protocol');
    t.timestamp('filed_at', { useTz: true });
    t.text('void_reason');
    t.timestamp('voided_at', { useTz: true });
    t.check(`status IN ('draft', 'finalized', 'filed', 'voided')`, [], 'reports_status_known');
    t.check(`status = 'draft' OR status = 'voided' OR content_sha256 IS NOT NULL`, [], 'reports_finalized_has_hash');
    t.index(['company_id', 'id']);
    t.index(['company_id', 'analysis_uuid']);
  });

  await knex.schema.createTable('report_section_revisions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('report_id').notNullable().references('reports.id');
    t.text('section_key').notNullable();
    t.integer('revision').notNullable();
    t.text('kind').notNullable(); // deterministic | narrative
    t.text('title').notNullable();
    t.jsonb('content').notNullable();
    t.jsonb('provenance').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['report_id', 'section_key', 'revision']);
  });

  await knex.raw(`
    CREATE FUNCTION refuse_report_history_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'reports and their revisions are kept for 10 years: % on % refused', TG_OP, TG_TABLE_NAME;
    END $$;
    CREATE TRIGGER reports_no_delete BEFORE DELETE ON reports FOR EACH ROW EXECUTE FUNCTION refuse_report_history_change();
    CREATE TRIGGER report_section_revisions_immutable BEFORE UPDATE OR DELETE ON report_section_revisions FOR EACH ROW EXECUTE FUNCTION refuse_report_history_change();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('report_section_revisions');
  await knex.schema.dropTable('reports');
  await knex.raw('DROP FUNCTION IF EXISTS refuse_report_history_change()');
  await knex.schema.alterTable('companies', (t) => t.dropColumn('reporting_institution_cnpj'));
}
