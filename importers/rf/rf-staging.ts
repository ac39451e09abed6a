import type { PoolClient } from 'pg';
import { normalizeNameFast as normalizeName } from '../support/normalize-name-fast';
import { CopyWriter } from '../support/copy-rows';
import type { Progress } from '../support/progress';
import { readLineBatches } from '../support/read-lines';
import { RejectionLog, WrongFormatError } from '../support/rejections';
import type { SourceEntry } from '../support/source-entries';
import { codeTables, RfFileKind } from './rf-files';
import { parseCodeRow, parseCompany, parseEstablishment, parsePartner, parseSimples, Parsed } from './rf-records';
import { splitRfLine } from './split-rf-line';

/** Session-local staging tables: dropped with the connection, invisible to everyone else. */
export const stagingDdl = `
  CREATE TEMP TABLE stg_code (table_name text, code text, description text, line bigint) ON COMMIT DROP;
  CREATE TEMP TABLE stg_company (root text, legal_name text, normalized_name text, nature_code text, responsible_qual text, capital text, size_code text, federal_entity text, line bigint) ON COMMIT DROP;
  CREATE TEMP TABLE stg_simples (root text, simples boolean, simples_start date, simples_end date, mei boolean, mei_start date, mei_end date, line bigint) ON COMMIT DROP;
  CREATE TEMP TABLE stg_estab (cnpj text, root text, is_hq boolean, trade_name text, trade_normalized_name text, status_code text, status_date date, reason_code text, city_abroad text,
    country_code text, start_date date, main_cnae text, secondary_cnaes text, address text, postal_code text, state text, municipality_code text,
    special_status text, special_status_date date, line bigint) ON COMMIT DROP;
  CREATE TEMP TABLE stg_partner (root text, kind text, name text, normalized_name text, document text, qual text, entry_date date, country_code text,
    rep_document text, rep_name text, rep_normalized_name text, rep_qual text, age_range int, file text, line bigint) ON COMMIT DROP;
`;

type Loader = { table: string; columns: string[]; columnCount: number; row: (fields: string[], line: number, file: string) => Parsed<unknown[]> };

function loaderFor(kind: RfFileKind): Loader {
  const map = <T>(parse: (f: string[]) => Parsed<T>, toRow: (v: T) => unknown[]) => (fields: string[], line: number, file: string): Parsed<unknown[]> => {
    const parsed = parse(fields);
    return parsed.ok ? { ok: true, value: [...toRow(parsed.value), ...(kind === 'partners' ? [file] : []), line] } : parsed;
  };
  switch (kind) {
    case 'companies':
      return { table: 'stg_company', columnCount: 7, columns: ['root', 'legal_name', 'normalized_name', 'nature_code', 'responsible_qual', 'capital', 'size_code', 'federal_entity', 'line'],
        row: map(parseCompany, (c) => [c.root, c.legalName, c.normalizedName, c.legalNatureCode, c.responsibleQualification, c.capitalSocial, c.sizeCode, c.federalEntity]) };
    case 'simples':
      return { table: 'stg_simples', columnCount: 7, columns: ['root', 'simples', 'simples_start', 'simples_end', 'mei', 'mei_start', 'mei_end', 'line'],
        row: map(parseSimples, (s) => [s.root, s.simples, s.simplesStart, s.simplesEnd, s.mei, s.meiStart, s.meiEnd]) };
    case 'establishments':
      return { table: 'stg_estab', columnCount: 30,
        columns: ['cnpj', 'root', 'is_hq', 'trade_name', 'trade_normalized_name', 'status_code', 'status_date', 'reason_code', 'city_abroad', 'country_code', 'start_date', 'main_cnae', 'secondary_cnaes', 'address', 'postal_code', 'state', 'municipality_code', 'special_status', 'special_status_date', 'line'],
        row: map(parseEstablishment, (e) => [e.cnpj, e.root, e.isHeadquarters, e.tradeName, e.tradeName ? normalizeName(e.tradeName) : null, e.statusCode, e.statusDate, e.reasonCode, e.cityAbroad, e.countryCode, e.startDate, e.mainCnae, e.secondaryCnaes, e.address, e.postalCode, e.state, e.municipalityCode, e.specialStatus, e.specialStatusDate]) };
    case 'partners':
      return { table: 'stg_partner', columnCount: 11,
        columns: ['root', 'kind', 'name', 'normalized_name', 'document', 'qual', 'entry_date', 'country_code', 'rep_document', 'rep_name', 'rep_normalized_name', 'rep_qual', 'age_range', 'file', 'line'],
        row: map(parsePartner, (p) => [p.root, p.kind, p.name, p.normalizedName, p.document, p.qualificationCode, p.entryDate, p.countryCode, p.representativeDocument, p.representativeName, p.representativeNormalizedName, p.representativeQualificationCode, p.ageRangeCode]) };
    default: {
      const table = codeTables[kind]!;
      return { table: 'stg_code', columnCount: 2, columns: ['table_name', 'code', 'description', 'line'], row: map((f) => parseCodeRow(f, table), (c) => [table, c.code, c.description]) };
    }
  }
}

/**
 * Streams one file into its staging table. The first data line decides whether the file is in
 * the layout its name promises: a wrong column count there fails the whole import at once;
 * later malformed lines are rejected one by one.
 */
export async function stageRfEntry(client: PoolClient, entry: SourceEntry, kind: RfFileKind, rejections: RejectionLog, progress: Progress): Promise<number> {
  const loader = loaderFor(kind);
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
          if (fields.length !== loader.columnCount) throw new WrongFormatError(entry.name, `line 1 has ${fields.length} columns; the Receita Federal ${kind} layout has ${loader.columnCount} (";"-separated, quoted, no header)`);
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
