import { normalizeNameFast as normalizeName } from '../support/normalize-name-fast';
import { codeTables, RfFileKind } from './rf-files';
import { companyProfilePart, establishmentProfilePart, RfCodeBook, setCode, simplesProfilePart } from './rf-profile-parts';
import { parseEstablishment } from './rf-establishment-record';
import { parsePartner } from './rf-partner-record';
import type { Parsed } from './rf-record-fields';
import { parseCodeRow, parseCompany, parseSimples } from './rf-records';

/** How each Receita Federal layout becomes rows of its staging table (rf-staging.ts). */
export type StagingLoader = {
  table: string;
  columns: string[];
  columnCount: number;
  row: (fields: string[], line: number, file: string) => Parsed<unknown[]>;
};

/**
 * Partner rows keep their file and line (unlinked partners are reported by them). Every other
 * kind stores an ordinal unique across the release instead (`ordinalBase` + line, the base
 * growing by file in load order): "the latest line wins" is then a max per key, found by
 * hashing, instead of a sort of rows hundreds of bytes wide.
 */
export function stagingLoaderFor(kind: RfFileKind, codes: RfCodeBook, ordinalBase: number): StagingLoader {
  const map =
    <T>(parse: (f: string[]) => Parsed<T>, toRow: (v: T) => unknown[]) =>
    (fields: string[], line: number, file: string): Parsed<unknown[]> => {
      const parsed = parse(fields);
      if (!parsed.ok) return parsed;
      // toRow builds a fresh array per row: appending to it saves two more arrays per line.
      const row = toRow(parsed.value);
      if (kind === 'partners') row.push(file, line);
      else row.push(ordinalBase + line);
      return { ok: true, value: row };
    };
  switch (kind) {
    // Companies, Simples and establishments stage only what SQL joins or sorts on, plus their profile part.
    case 'companies':
      return {
        table: 'stg_company',
        columnCount: 7,
        columns: ['root', 'legal_name', 'normalized_name', 'nature_code', 'profile_part', 'line'],
        row: map(parseCompany, (c) => [c.root, c.legalName, c.normalizedName, c.legalNatureCode, companyProfilePart(c, codes)]),
      };
    case 'simples':
      return {
        table: 'stg_simples',
        columnCount: 7,
        columns: ['root', 'profile_part', 'line'],
        row: map(parseSimples, (s) => [s.root, simplesProfilePart(s)]),
      };
    case 'establishments':
      return {
        table: 'stg_estab',
        columnCount: 30,
        columns: ['cnpj', 'root', 'is_hq', 'trade_name', 'trade_normalized_name', 'status_code', 'main_cnae', 'profile_part', 'line'],
        row: map(parseEstablishment, (e) => [
          e.cnpj,
          e.root,
          e.isHeadquarters,
          e.tradeName,
          e.tradeName ? normalizeName(e.tradeName) : null,
          e.statusCode,
          e.mainCnae,
          establishmentProfilePart(e, codes),
        ]),
      };
    case 'partners':
      return {
        table: 'stg_partner',
        columnCount: 11,
        columns: [
          'root',
          'kind',
          'name',
          'normalized_name',
          'document',
          'qual',
          'entry_date',
          'country_code',
          'rep_document',
          'rep_name',
          'rep_normalized_name',
          'rep_qual',
          'age_range',
          'file',
          'line',
        ],
        row: map(parsePartner, (p) => [
          p.root,
          p.kind,
          p.name,
          p.normalizedName,
          p.document,
          p.qualificationCode,
          p.entryDate,
          p.countryCode,
          p.representativeDocument,
          p.representativeName,
          p.representativeNormalizedName,
          p.representativeQualificationCode,
          p.ageRangeCode,
        ]),
      };
    default: {
      const table = codeTables[kind]!;
      return {
        table: 'stg_code',
        columnCount: 2,
        columns: ['table_name', 'code', 'description', 'line'],
        row: map(
          (f) => parseCodeRow(f, table),
          (c) => {
            setCode(codes, table, c.code, c.description); // later lines win, as in upsertRfCodes
            return [table, c.code, c.description];
          },
        ),
      };
    }
  }
}
