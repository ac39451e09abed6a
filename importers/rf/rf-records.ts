import { normalizeNameFast as normalizeName } from '../support/normalize-name-fast';
import { cnaeCode } from './rf-establishment-record';
import { columns, dateField, fail, Parsed, rootPattern } from './rf-record-fields';
import { code, parseDecimalComma, text } from './rf-values';

/**
 * The Receita Federal open CNPJ layouts (column counts fixed by the publisher) mapped to plain
 * records: companies, Simples and the code tables here; establishments and partners in their own
 * files. Each parser returns the record or a rejection reason; nothing here does I/O.
 */
export type RfCompany = {
  root: string;
  legalName: string;
  normalizedName: string;
  legalNatureCode: string | null;
  responsibleQualification: string | null;
  capitalSocial: string | null;
  sizeCode: string | null;
  federalEntity: string | null;
};

export function parseCompany(fields: string[]): Parsed<RfCompany> {
  const bad = columns(fields, 7, 'Empresas');
  if (bad) return fail(bad);
  const root = fields[0].trim().toUpperCase();
  if (!rootPattern.test(root)) return fail(`cnpj_basico: not 8 characters [0-9A-Z]: "${root.slice(0, 20)}"`);
  const capital = parseDecimalComma(fields[4]);
  if (capital === undefined) return fail(`capital_social: not a decimal with a decimal comma: "${fields[4].slice(0, 20)}"`);
  const legalName = text(fields[1]);
  if (!legalName) return fail('razao_social: empty');
  return {
    ok: true,
    value: {
      root,
      legalName,
      normalizedName: normalizeName(legalName),
      legalNatureCode: code(fields[2]),
      responsibleQualification: code(fields[3]),
      capitalSocial: capital,
      sizeCode: code(fields[5]),
      federalEntity: text(fields[6]),
    },
  };
}

export type RfSimples = {
  root: string;
  simples: boolean | null;
  simplesStart: string | null;
  simplesEnd: string | null;
  mei: boolean | null;
  meiStart: string | null;
  meiEnd: string | null;
};

const yesNo = (value: string | undefined) => {
  const v = (value ?? '').trim().toUpperCase();
  return v === 'S' ? true : v === 'N' ? false : null;
};

export function parseSimples(fields: string[]): Parsed<RfSimples> {
  const bad = columns(fields, 7, 'Simples');
  if (bad) return fail(bad);
  const root = fields[0].trim().toUpperCase();
  if (!rootPattern.test(root)) return fail(`cnpj_basico: not 8 characters [0-9A-Z]: "${root.slice(0, 20)}"`);
  const errors: string[] = [];
  const value: RfSimples = {
    root,
    simples: yesNo(fields[1]),
    simplesStart: dateField(fields[2], 'data_opcao_simples', errors),
    simplesEnd: dateField(fields[3], 'data_exclusao_simples', errors),
    mei: yesNo(fields[4]),
    meiStart: dateField(fields[5], 'data_opcao_mei', errors),
    meiEnd: dateField(fields[6], 'data_exclusao_mei', errors),
  };
  return errors.length ? fail(errors[0]) : { ok: true, value };
}

export function parseCodeRow(fields: string[], table: string): Parsed<{ code: string; description: string }> {
  if (fields.length !== 2) return fail(`${table}: expected 2 columns, found ${fields.length}`);
  const c = table === 'cnae' ? cnaeCode(fields[0]) : code(fields[0]);
  const description = text(fields[1]);
  if (!c || !description) return fail(`${table}: empty code or description`);
  return { ok: true, value: { code: c, description } };
}
