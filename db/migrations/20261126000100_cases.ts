import type { Knex } from 'knex';

/**
 * Cases and their notes (docs/people-and-cases.md, "Cases").
 * - `cases`: one row per case; the record of its status, decision and clocks. `assignee` and
 *   `opened_by` are actors (`{type, id, name}`); `decision` the decision with who took and who
 *   approved it. At most one case that is not closed per analysis and company (the service's own
 *   opening is idempotent by it; a second by hand is 409). `workflow_id` is the case's workflow.
 * - `case_notes`: append-only notes by their author.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE cases (
    id bigserial PRIMARY KEY,
    uuid uuid NOT NULL UNIQUE,
    company_id bigint NOT NULL REFERENCES companies(id),
    status text NOT NULL CHECK (status IN ('open', 'in_review', 'pending_approval', 'closed')),
    priority text NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
    risk_level text NOT NULL CHECK (risk_level IN ('low', 'medium', 'high', 'critical')),
    analysis_uuid uuid NOT NULL,
    alert_uuid uuid,
    subject jsonb NOT NULL,
    reason text NOT NULL,
    opened_by jsonb NOT NULL,
    assignee jsonb,
    due_at timestamptz NOT NULL,
    overdue_at timestamptz,
    decision jsonb,
    coaf_deadline_at timestamptz,
    coaf_clock text CHECK (coaf_clock IN ('running', 'filed', 'overdue')),
    report_uuid uuid,
    workflow_id text NOT NULL,
    last_action_uuid uuid,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    closed_at timestamptz,
    CHECK ((status = 'closed') = (closed_at IS NOT NULL))
  )`);
  await knex.raw(`CREATE UNIQUE INDEX cases_one_open_per_analysis ON cases (company_id, analysis_uuid) WHERE status <> 'closed'`);
  await knex.raw('CREATE INDEX cases_company_id ON cases (company_id, id DESC)');
  await knex.raw('CREATE INDEX cases_report ON cases (report_uuid) WHERE report_uuid IS NOT NULL');
  await knex.raw(`CREATE TABLE case_notes (
    id bigserial PRIMARY KEY,
    uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
    case_id bigint NOT NULL REFERENCES cases(id),
    author jsonb NOT NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await knex.raw('CREATE INDEX case_notes_case ON case_notes (case_id, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE case_notes');
  await knex.raw('DROP TABLE cases');
}
