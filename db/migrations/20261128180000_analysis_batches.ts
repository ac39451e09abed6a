import type { Knex } from 'knex';

/**
 * Portfolio batches (docs/batches.md): one file of subjects analysed as one resource.
 * - `analysis_batches`: the batch, its lifecycle and its counters (kept with each row's end in
 *   one statement, so GET never counts a million rows).
 * - `analysis_batch_rows`: one per data row of the file, in file order (`row_number`, 1-based,
 *   header excluded); `subject_key` groups duplicates (one analysis per subject per batch);
 *   `claimed_at` marks a row handed to a run (a cancel leaves those to finish).
 * - `analyses.mode` gains `batch`.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE analysis_batches (
    id bigserial PRIMARY KEY,
    uuid uuid NOT NULL UNIQUE,
    company_id bigint NOT NULL REFERENCES companies(id),
    name text,
    format text NOT NULL CHECK (format IN ('csv', 'ndjson')),
    status text NOT NULL CHECK (status IN ('queued', 'running', 'paused', 'completed', 'canceled')),
    pause_reason text CHECK (pause_reason IN ('requested', 'quota_exceeded')),
    webhook_endpoint_uuid uuid,
    created_by jsonb NOT NULL,
    workflow_id text NOT NULL,
    total integer NOT NULL DEFAULT 0,
    completed integer NOT NULL DEFAULT 0,
    failed integer NOT NULL DEFAULT 0,
    canceled integer NOT NULL DEFAULT 0,
    risk_low integer NOT NULL DEFAULT 0,
    risk_medium integer NOT NULL DEFAULT 0,
    risk_high integer NOT NULL DEFAULT 0,
    risk_critical integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    completed_at timestamptz
  )`);
  await knex.raw('CREATE INDEX analysis_batches_company_created ON analysis_batches (company_id, created_at DESC, id DESC)');

  await knex.raw(`CREATE TABLE analysis_batch_rows (
    batch_id bigint NOT NULL REFERENCES analysis_batches(id) ON DELETE CASCADE,
    row_number integer NOT NULL,
    document text,
    entity_id bigint,
    client_reference text,
    subject_key text,
    status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'canceled')),
    claimed_at timestamptz,
    analysis_uuid uuid,
    score integer,
    risk_level text CHECK (risk_level IN ('low', 'medium', 'high', 'critical')),
    error_code text,
    error_message text,
    finished_at timestamptz,
    PRIMARY KEY (batch_id, row_number)
  )`);
  await knex.raw(`CREATE INDEX analysis_batch_rows_pending ON analysis_batch_rows (batch_id, row_number) WHERE status = 'pending'`);

  await replaceModeCheck(knex, `mode IN ('sync','async','monitoring','batch')`);
}

/** The check on analyses.mode (as migration 20261126000200 replaced it). */
async function replaceModeCheck(knex: Knex, check: string): Promise<void> {
  await knex.raw('ALTER TABLE analyses DROP CONSTRAINT IF EXISTS analyses_mode_check');
  await knex.raw(`ALTER TABLE analyses ADD CONSTRAINT analyses_mode_check CHECK (${check})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM analyses WHERE mode = 'batch'`);
  await replaceModeCheck(knex, `mode IN ('sync','async','monitoring')`);
  await knex.raw('DROP TABLE analysis_batch_rows');
  await knex.raw('DROP TABLE analysis_batches');
}
