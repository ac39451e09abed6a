import type { Knex } from 'knex';

/**
 * Monitoring (docs/monitoring.md): monitored subjects re-analysed when their world changes and on
 * a schedule by risk.
 * - `monitors`: one per monitored subject of a company; at most one not `stopped` per subject
 *   and company (partial unique index: a second is 409 naming the first); a stopped monitor is
 *   kept for history. `last_*` is the verdict of the last check, `last_signals` its identified
 *   signal codes (what an alert diffs against).
 * - `monitor_alerts`: one per verdict change; unique per (monitor, analysis) so that a retried
 *   check never alerts twice.
 * - `monitor_entities`: the entity → monitor index (every entity of the network of the monitor's
 *   last analysis), replaced at each check so it follows the network as it changes.
 * - `entity_changes`: the change feed: which entities an import changed, by source and version.
 * - `analyses.mode` gains `monitoring` (a monitor's checks, never billed as analyses).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE monitors (
    id bigserial PRIMARY KEY,
    uuid uuid NOT NULL UNIQUE,
    company_id bigint NOT NULL REFERENCES companies(id),
    entity_id bigint NOT NULL REFERENCES entities(id),
    status text NOT NULL CHECK (status IN ('active', 'paused', 'stopped')),
    client_reference text,
    webhook_endpoint_uuid uuid,
    workflow_id text NOT NULL,
    baseline_analysis_uuid uuid NOT NULL,
    last_analysis_uuid uuid,
    last_score integer,
    last_risk_level text CHECK (last_risk_level IN ('low', 'medium', 'high', 'critical')),
    last_verdict_fingerprint text,
    last_signals jsonb NOT NULL DEFAULT '[]',
    last_checked_at timestamptz,
    next_review_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    stopped_at timestamptz
  )`);
  await knex.raw(`CREATE UNIQUE INDEX monitors_one_live_per_subject ON monitors (company_id, entity_id) WHERE status <> 'stopped'`);
  await knex.raw('CREATE INDEX monitors_company_created ON monitors (company_id, created_at DESC, id DESC)');

  await knex.raw(`CREATE TABLE monitor_alerts (
    id bigserial PRIMARY KEY,
    uuid uuid NOT NULL UNIQUE,
    company_id bigint NOT NULL REFERENCES companies(id),
    monitor_id bigint NOT NULL REFERENCES monitors(id),
    analysis_uuid uuid NOT NULL,
    previous_analysis_uuid uuid NOT NULL,
    kind text NOT NULL CHECK (kind IN ('risk_increased', 'risk_decreased', 'signals_changed')),
    previous jsonb NOT NULL,
    current jsonb NOT NULL,
    signals_added jsonb NOT NULL,
    signals_removed jsonb NOT NULL,
    causes jsonb NOT NULL,
    status text NOT NULL CHECK (status IN ('open', 'acknowledged')),
    created_at timestamptz NOT NULL DEFAULT now(),
    acknowledged_at timestamptz,
    UNIQUE (monitor_id, analysis_uuid)
  )`);
  await knex.raw('CREATE INDEX monitor_alerts_company_created ON monitor_alerts (company_id, created_at DESC, id DESC)');
  await knex.raw(`CREATE INDEX monitor_alerts_open ON monitor_alerts (monitor_id) WHERE status = 'open'`);

  await knex.raw(`CREATE TABLE monitor_entities (
    entity_id bigint NOT NULL,
    monitor_id bigint NOT NULL REFERENCES monitors(id) ON DELETE CASCADE,
    PRIMARY KEY (entity_id, monitor_id)
  )`);
  await knex.raw('CREATE INDEX monitor_entities_monitor ON monitor_entities (monitor_id)');

  await knex.raw(`CREATE TABLE entity_changes (
    id bigserial PRIMARY KEY,
    source text NOT NULL,
    version text NOT NULL,
    entity_id bigint NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (source, version, entity_id)
  )`);

  await replaceModeCheck(knex, `mode IN ('sync','async','monitoring')`);
}

/** The check on analyses.mode was created unnamed (migration 20261121000400): found by its text. */
async function replaceModeCheck(knex: Knex, check: string): Promise<void> {
  await knex.raw(`DO $$
    DECLARE c text;
    BEGIN
      FOR c IN SELECT conname FROM pg_constraint WHERE conrelid = 'analyses'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%mode%' LOOP
        EXECUTE format('ALTER TABLE analyses DROP CONSTRAINT %I', c);
      END LOOP;
    END $$`);
  await knex.raw(`ALTER TABLE analyses ADD CONSTRAINT analyses_mode_check CHECK (${check})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM analyses WHERE mode = 'monitoring'`);
  await replaceModeCheck(knex, `mode IN ('sync','async')`);
  await knex.raw('DROP TABLE entity_changes');
  await knex.raw('DROP TABLE monitor_entities');
  await knex.raw('DROP TABLE monitor_alerts');
  await knex.raw('DROP TABLE monitors');
}
