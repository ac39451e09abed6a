import type { PoolClient } from 'pg';
import { CopyWriter } from '../support/copy-rows';
import type { Progress } from '../support/progress';
import { readLineBatches } from '../support/read-lines';
import { RejectionLog, WrongFormatError } from '../support/rejections';
import type { SourceEntry } from '../support/source-entries';
import type { RfFileKind } from './rf-files';
import { RfCodeBook, setCode } from './rf-profile-parts';
import { stagingLoaderFor } from './rf-staging-loaders';
import { splitRfLine } from './split-rf-line';

/**
 * Staging tables, created in the import run's own schema (first on the search path, see
 * import-session.ts): UNLOGGED regular tables, so both import connections and parallel query can
 * read them; the schema is dropped when the import ends, whatever the outcome.
 */
export const stagingDdl = `
  CREATE UNLOGGED TABLE stg_code (table_name text, code text, description text, line bigint);
  CREATE UNLOGGED TABLE stg_company (root text, legal_name text, normalized_name text, nature_code text, profile_part text, line bigint);
  CREATE UNLOGGED TABLE stg_simples (root text, profile_part text, line bigint);
  CREATE UNLOGGED TABLE stg_estab (cnpj text, root text, is_hq boolean, trade_name text, trade_normalized_name text, status_code text, main_cnae text, profile_part text, line bigint);
  CREATE UNLOGGED TABLE stg_partner (root text, kind text, name text, normalized_name text, document text, qual text, entry_date date, country_code text,
    rep_document text, rep_name text, rep_normalized_name text, rep_qual text, age_range int, file text, line bigint);
`;

/**
 * Streams one file into its staging table. The first data line decides whether the file is in
 * the layout its name promises: a wrong column count there fails the whole import at once;
 * later malformed lines are rejected one by one. Code rows go into `codes` as they are read, so
 * the profile parts of the files staged after them carry the descriptions.
 */
export async function stageRfEntry(
  client: PoolClient,
  entry: SourceEntry,
  kind: RfFileKind,
  rejections: RejectionLog,
  progress: Progress,
  codes: RfCodeBook,
  ordinalBase = 0,
): Promise<number> {
  const loader = stagingLoaderFor(kind, codes, ordinalBase);
  const writer = new CopyWriter(client, loader.table, loader.columns);
  let lineNumber = 0;
  let rowsRead = 0;
  let checkedFormat = false;
  try {
    for await (const lines of readLineBatches(await entry.open(), 'latin1', progress.advance)) {
      for (const line of lines) {
        lineNumber++;
        if (line.trim() === '') continue;
        rowsRead++;
        const fields = splitRfLine(line);
        if (!checkedFormat) {
          checkedFormat = true;
          if (fields.length !== loader.columnCount)
            throw new WrongFormatError(
              entry.name,
              `line 1 has ${fields.length} columns; the Receita Federal ${kind} layout has ${loader.columnCount} (";"-separated, quoted, no header)`,
            );
        }
        const parsed = loader.row(fields, lineNumber, entry.name);
        if (!parsed.ok) rejections.add(lineNumber, parsed.reason, entry.name);
        else if (writer.add(parsed.value as (string | number | boolean | null)[])) await writer.flush();
      }
    }
  } catch (error) {
    await writer.abort();
    throw error;
  }
  await writer.end();
  return rowsRead;
}

/** The code book a release starts from: the store's code tables (the release's code files are staged first and override them). */
export async function loadCodeBook(client: PoolClient): Promise<RfCodeBook> {
  const book: RfCodeBook = new Map();
  const { rows } = await client.query('SELECT table_name, code, description FROM rf_codes');
  for (const r of rows) setCode(book, r.table_name, r.code, r.description);
  return book;
}

/**
 * The latest line wins: earlier lines of a CNPJ (of a root, for companies and Simples) are deleted
 * from staging, so the upserts join one row per key. The staged `line` is an ordinal unique in
 * the release (see loaderFor), so "earlier" is a comparison of two numbers; duplicates are rare,
 * and finding them is one hash aggregate of the keys, not a sort of whole rows.
 */
export async function dropSupersededLines(client: PoolClient): Promise<void> {
  for (const [table, key] of [
    ['stg_estab', 'cnpj'],
    ['stg_company', 'root'],
    ['stg_simples', 'root'],
    ['stg_code', 'table_name, code'],
  ]) {
    await client.query(`DELETE FROM ${table} t USING (SELECT ${key}, max(line) AS latest FROM ${table} GROUP BY ${key} HAVING count(*) > 1) d
      WHERE ${key
        .split(', ')
        .map((k) => `t.${k} = d.${k}`)
        .join(' AND ')} AND t.line < d.latest`);
  }
}
