import type { Knex } from 'knex';

/**
 * Watchlists (docs/watchlists.md): the UN, OFAC SDN and EU lists, screened by name.
 * - `watchlist_versions`: one row per imported publication of a list (the CGU registers CEPIM
 *   and CEAF too, whose entries live in `sanctions` keyed by CPF/CNPJ); exactly one `current`
 *   row per list, the older ones `superseded`.
 * - `watchlist_entries`: one row per publisher's entry (`entry_id`: UN REFERENCE_NUMBER, OFAC
 *   uid, EU logicalId). An entry absent from a newer version is not deleted: it carries the
 *   version and time it was delisted in, so what the list said at any version stays known.
 * - `watchlist_names`: every name of an entry (primary and aliases, strong or weak) with its
 *   normalized form (pg_trgm GIN index) and token keys (GIN), the two roads to candidates.
 * `sanctions` gains the delisting of the versioned CGU registers (CEPIM, CEAF).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE watchlist_versions (
    id bigserial PRIMARY KEY,
    list text NOT NULL,
    version text NOT NULL,
    published_at timestamptz NOT NULL,
    imported_at timestamptz NOT NULL DEFAULT now(),
    entries integer NOT NULL,
    file_sha256 text NOT NULL,
    status text NOT NULL CHECK (status IN ('current', 'superseded')),
    import_run_id bigint REFERENCES import_runs(id),
    UNIQUE (list, version)
  )`);
  await knex.raw(`CREATE UNIQUE INDEX watchlist_versions_one_current ON watchlist_versions (list) WHERE status = 'current'`);

  await knex.raw(`CREATE TABLE watchlist_entries (
    id bigserial PRIMARY KEY,
    list text NOT NULL,
    entry_id text NOT NULL,
    schema text NOT NULL CHECK (schema IN ('person', 'organization')),
    primary_name text NOT NULL,
    programs text[] NOT NULL DEFAULT '{}',
    listed_on date,
    birth_dates jsonb NOT NULL DEFAULT '[]',
    nationalities text[] NOT NULL DEFAULT '{}',
    documents jsonb NOT NULL DEFAULT '[]',
    content_hash text NOT NULL,
    first_version text NOT NULL,
    last_version text NOT NULL,
    delisted_in_version text,
    delisted_at timestamptz,
    import_run_id bigint REFERENCES import_runs(id),
    UNIQUE (list, entry_id)
  )`);
  await knex.raw(`CREATE INDEX watchlist_entries_listed ON watchlist_entries (list) WHERE delisted_in_version IS NULL`);

  await knex.raw(`CREATE TABLE watchlist_names (
    id bigserial PRIMARY KEY,
    entry_id bigint NOT NULL REFERENCES watchlist_entries(id) ON DELETE CASCADE,
    name text NOT NULL,
    quality text NOT NULL CHECK (quality IN ('primary', 'strong', 'weak')),
    normalized_name text NOT NULL,
    tokens text[] NOT NULL DEFAULT '{}'
  )`);
  await knex.raw('CREATE INDEX watchlist_names_entry ON watchlist_names (entry_id)');
  await knex.raw('CREATE INDEX watchlist_names_trgm ON watchlist_names USING gin (normalized_name gin_trgm_ops)');
  await knex.raw('CREATE INDEX watchlist_names_tokens ON watchlist_names USING gin (tokens)');

  await knex.raw(
    'ALTER TABLE sanctions ADD COLUMN IF NOT EXISTS delisted_in_version text, ADD COLUMN IF NOT EXISTS delisted_at timestamptz',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sanctions DROP COLUMN IF EXISTS delisted_in_version, DROP COLUMN IF EXISTS delisted_at');
  await knex.raw('DROP TABLE IF EXISTS watchlist_names');
  await knex.raw('DROP TABLE IF EXISTS watchlist_entries');
  await knex.raw('DROP TABLE IF EXISTS watchlist_versions');
}
