import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import type { Readable } from 'node:stream';
import { finishImportRun, startImportRun } from '../../db/repositories/entities/import-run-repository';
import { canonicalJson } from '../../domain/canonical-json';
import { candidateKeysOf } from '../../domain/watchlists/candidate-keys';
import type { WatchlistCode, WatchlistEntry } from '../../domain/watchlists/watchlist-entry';
import { withImportClient } from '../support/import-client';
import { createPhaseTimer } from '../support/phase-timer';
import { silentProgress } from '../support/progress';
import { RejectionLog, WrongFormatError } from '../support/rejections';
import type { ImportOptions } from '../support/run-file-import';
import { hashFiles, listSourceEntries } from '../support/source-entries';
import { buildSummary, type ImportSummary, type TableCounts } from '../support/summary';
import { recordEntityIdChanges, type ImportChange } from '../support/record-entity-changes';
import { lockCurrentVersion, recordVersion, refuseVersion } from './list-versions';
import { readEuFsf } from './read-eu-fsf';
import { readOfacSdn } from './read-ofac-sdn';
import { readUnList } from './read-un-list';
import type { ListVersion, WatchlistReadItem } from './watchlist-read-item';
import { keepFormerNames, watchlistChangedEntities } from './watchlist-entity-changes';

/** What a list import did: the usual counts, the list's version before and after, and the delisted entries. */
export type WatchlistImportSummary = ImportSummary & {
  list: string;
  outcome: 'imported' | 'unchanged';
  message: string;
  version: string;
  published_at: string;
  previous_version: string | null;
  entries: number;
  delisted: number;
  skipped: number;
  /** The change feed (docs/monitoring.md): absent when the version was refused (nothing changed). */
  changes?: ImportChange;
};

type Reader = (
  stream: Readable,
  file: string,
  onBytes: (n: number) => void,
  onSkipped: (line: number, why: string) => void,
) => AsyncGenerator<WatchlistReadItem>;
const readers: Record<WatchlistCode, Reader> = { un: readUnList, ofac_sdn: readOfacSdn, eu_fsf: readEuFsf };

const STAGE_BATCH = 500;

/**
 * A UN, OFAC SDN or EU publication replaces its list (docs/importers.md, docs/watchlists.md):
 * the whole file is read into a staging table first, in the one transaction of the import, so a
 * file that is not the format fails before anything is written; then, in that same transaction,
 * under the list's lock: a version not newer than the current one is a no-op that says so;
 * otherwise entries are upserted (names re-keyed where an entry changed), entries the new
 * version no longer lists are marked delisted (kept, with the version and time), and the
 * version becomes current.
 */
export async function importWatchlist(db: Knex, list: WatchlistCode, options: ImportOptions): Promise<WatchlistImportSummary> {
  const startedAt = performance.now();
  const sources = await listSourceEntries(options.file);
  if (sources.length !== 1) throw new Error(`${options.file}: expected exactly one file (a zip must hold exactly one)`);
  const source = sources[0];
  const fileSha256 = await hashFiles([options.file]);
  const runId = await startImportRun(db, { kind: list, fileName: options.file, fileSha256 });
  const rejections = new RejectionLog();
  const tables: Record<string, TableCounts> = {};
  const progress = options.progressFactory?.(source.size) ?? silentProgress;
  progress.track(tables, rejections);
  const phase = createPhaseTimer(undefined, progress);
  try {
    const outcome = await withImportClient(db, async (client) => {
      const staged = await phase('stage', () => stageList(client, list, source.name, source.open, progress.advance, rejections));
      progress.addRows(staged.rows);
      return phase('replace', () => replaceList(client, list, staged.version, fileSha256, runId, tables));
    });
    progress.done();
    const summary: WatchlistImportSummary = {
      ...buildSummary({ kind: list, files: [source.name], importRunId: runId, rowsRead: outcome.rows, rejections, tables, startedAt }),
      list,
      skipped: rejections.count,
      ...outcome.report,
    };
    await finishImportRun(db, runId, 'completed', summary);
    return summary;
  } catch (error) {
    progress.done();
    await finishImportRun(db, runId, 'failed', { error: (error as Error).message }).catch(() => undefined);
    throw error;
  }
}

/** The staged file: every entry in `stg_watchlist`, and the version the file names. */
async function stageList(
  client: PoolClient,
  list: WatchlistCode,
  file: string,
  open: () => Promise<Readable>,
  advance: (n: number) => void,
  skipped: RejectionLog,
) {
  await client.query(`CREATE TEMP TABLE stg_watchlist (entry_id text PRIMARY KEY, schema text, primary_name text, programs jsonb, listed_on date, birth_dates jsonb,
    nationalities jsonb, documents jsonb, names jsonb, content_hash text, line bigint) ON COMMIT DROP`);
  let version: ListVersion | undefined;
  let batch: unknown[] = [];
  const seen = new Map<string, number>();
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(
      `INSERT INTO stg_watchlist SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(entry_id text, schema text, primary_name text, programs jsonb, listed_on date,
      birth_dates jsonb, nationalities jsonb, documents jsonb, names jsonb, content_hash text, line bigint)`,
      [JSON.stringify(batch)],
    );
    batch = [];
  };
  for await (const item of readers[list](await open(), file, advance, (line, why) => skipped.add(line, why))) {
    if (item.kind === 'version') {
      if (version) throw new WrongFormatError(file, `a second list version (${item.version.version}) after ${version.version}`);
      version = item.version;
      continue;
    }
    const { entry, line } = item;
    const earlier = seen.get(entry.entry_id);
    if (earlier !== undefined)
      throw new WrongFormatError(file, `entry ${entry.entry_id} at line ${line} repeats the entry at line ${earlier}`);
    seen.set(entry.entry_id, line);
    batch.push(stagedRow(entry, line));
    if (batch.length >= STAGE_BATCH) await flush();
  }
  await flush();
  if (!version) throw new WrongFormatError(file, 'the file names no list version');
  if (seen.size === 0) throw new WrongFormatError(file, 'the file lists no entries (an empty list would delist everyone)');
  return { version, rows: seen.size };
}

function stagedRow(entry: WatchlistEntry, line: number) {
  // The matcher's own keys, so that retrieval and scoring agree on what a name is.
  const names = entry.names.map((n) => {
    const keys = candidateKeysOf(n.name, entry.schema);
    return { name: n.name, quality: n.quality, normalized_name: keys.fullKey, tokens: keys.tokenKeys };
  });
  const content = {
    schema: entry.schema,
    names: entry.names,
    programs: entry.programs,
    listed_on: entry.listed_on,
    birth_dates: entry.birth_dates,
    nationalities: entry.nationalities,
    documents: entry.documents,
  };
  return {
    entry_id: entry.entry_id,
    schema: entry.schema,
    primary_name: entry.names[0].name,
    programs: entry.programs,
    listed_on: entry.listed_on,
    birth_dates: entry.birth_dates,
    nationalities: entry.nationalities,
    documents: entry.documents,
    names,
    content_hash: createHash('sha256').update(canonicalJson(content)).digest('hex'),
    line,
  };
}

const textArray = (column: string) => `ARRAY(SELECT jsonb_array_elements_text(${column}))`;

/**
 * How many listed names hold each token key (`watchlist_token_keys`, read by the candidate
 * retrieval to fetch a query's rarest words first: docs/watchlists.md, "Candidates"), rewritten
 * from the names in the import's own transaction. Imports of two lists may commit side by side:
 * the lock makes the second count after the first's names are visible.
 */
async function countTokenKeys(client: PoolClient): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('watchlist_token_keys'))`);
  await client.query('DELETE FROM watchlist_token_keys');
  await client.query(`INSERT INTO watchlist_token_keys (schema, key, names)
    SELECT e.schema, k.key, count(*)::int FROM watchlist_names n JOIN watchlist_entries e ON e.id = n.entry_id
    CROSS JOIN LATERAL unnest(n.tokens) AS k(key) WHERE e.delisted_in_version IS NULL GROUP BY e.schema, k.key`);
  // Statistics at once, committed with the counts: a table never analyzed is estimated at a few
  // rows, and the retrieval then reads every key of a schema for each query word (0.65 ms a word
  // instead of 0.01 on a 100k list) until autovacuum comes by (docs/watchlists.md, "Throughput").
  await client.query('ANALYZE watchlist_token_keys');
}

async function replaceList(
  client: PoolClient,
  list: WatchlistCode,
  version: ListVersion,
  fileSha256: string,
  runId: number,
  tables: Record<string, TableCounts>,
) {
  const rows = Number((await client.query('SELECT count(*) AS n FROM stg_watchlist')).rows[0].n);
  const current = await lockCurrentVersion(client, list);
  const refused = refuseVersion(list, version, current);
  const report = {
    version: version.version,
    published_at: version.published_at,
    previous_version: current?.version ?? null,
    entries: rows,
  };
  if (refused) return { rows, report: { ...report, outcome: 'unchanged' as const, message: refused, delisted: 0 } };

  await client.query(
    `CREATE TEMP TABLE stg_watchlist_changed ON COMMIT DROP AS
    SELECT s.entry_id, e.id IS NULL AS is_new, e.id IS NOT NULL AND e.content_hash = s.content_hash AS same_content, e.delisted_in_version IS NOT NULL AS was_delisted
    FROM stg_watchlist s LEFT JOIN watchlist_entries e ON e.list = $1 AND e.entry_id = s.entry_id`,
    [list],
  );
  const counts = (
    await client.query(`SELECT count(*) FILTER (WHERE is_new)::int AS inserted, count(*) FILTER (WHERE NOT is_new AND (NOT same_content OR was_delisted))::int AS updated,
    count(*) FILTER (WHERE same_content AND NOT was_delisted)::int AS unchanged FROM stg_watchlist_changed`)
  ).rows[0];
  await client.query(
    `INSERT INTO watchlist_entries (list, entry_id, schema, primary_name, programs, listed_on, birth_dates, nationalities, documents, content_hash, first_version, last_version, import_run_id)
     SELECT $1, entry_id, schema, primary_name, ${textArray('programs')}, listed_on, birth_dates, ${textArray('nationalities')}, documents, content_hash, $2, $2, $3 FROM stg_watchlist
     ON CONFLICT (list, entry_id) DO UPDATE SET schema = excluded.schema, primary_name = excluded.primary_name, programs = excluded.programs, listed_on = excluded.listed_on,
       birth_dates = excluded.birth_dates, nationalities = excluded.nationalities, documents = excluded.documents, content_hash = excluded.content_hash,
       last_version = excluded.last_version, delisted_in_version = NULL, delisted_at = NULL, import_run_id = excluded.import_run_id`,
    [list, version.version, runId],
  );
  await keepFormerNames(client, list);
  // Names are re-keyed only where the entry is new or its content changed.
  await client.query(
    `DELETE FROM watchlist_names n USING watchlist_entries e, stg_watchlist_changed c
     WHERE n.entry_id = e.id AND e.list = $1 AND e.entry_id = c.entry_id AND NOT c.same_content`,
    [list],
  );
  const names = await client.query(
    `INSERT INTO watchlist_names (entry_id, name, quality, normalized_name, tokens)
     SELECT e.id, n.name, n.quality, n.normalized_name, ${textArray('n.tokens')}
     FROM stg_watchlist s JOIN stg_watchlist_changed c ON c.entry_id = s.entry_id AND NOT c.same_content
     JOIN watchlist_entries e ON e.list = $1 AND e.entry_id = s.entry_id
     CROSS JOIN jsonb_to_recordset(s.names) AS n(name text, quality text, normalized_name text, tokens jsonb)`,
    [list],
  );
  const delisted = await client.query(
    `UPDATE watchlist_entries e SET delisted_in_version = $2, delisted_at = $3
     WHERE e.list = $1 AND e.delisted_in_version IS NULL AND NOT EXISTS (SELECT 1 FROM stg_watchlist s WHERE s.entry_id = e.entry_id)`,
    [list, version.version, version.published_at],
  );
  await countTokenKeys(client);
  await recordVersion(client, { list, version, entries: rows, fileSha256, runId });
  // The change feed (docs/monitoring.md): the monitored entities whose screening the changed entries change.
  const changes = await recordEntityIdChanges(client, {
    source: list,
    version: version.version,
    entityIds: await watchlistChangedEntities(client, list, version.version),
  });
  tables.watchlist_entries = counts;
  tables.watchlist_names = { inserted: names.rowCount ?? 0, updated: 0, unchanged: 0 };
  const message = current
    ? `${list} version ${version.version} replaces ${current.version}`
    : `${list} version ${version.version} imported`;
  return { rows, report: { ...report, outcome: 'imported' as const, message, delisted: delisted.rowCount ?? 0, changes } };
}
