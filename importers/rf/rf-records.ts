import { isValidCnpj } from '../../domain/documents/cnpj';
import { isMaskedCpf } from '../../domain/documents/cpf';
import { normalizeNameFast as normalizeName } from '../support/normalize-name-fast';
import { code, parseDecimalComma, parseRfDate, text } from './rf-values';

/**
 * The Receita Federal open CNPJ layouts (column counts fixed by the publisher) mapped to plain
 * records. Each parser returns the record or a rejection reason; nothing here does I/O.
 */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const fail = (reason: string): Parsed<never> => ({ ok: false, reason });
const rootPattern = /^[0-9A-Z]{8}$/;

function columns(fields: string[], expected: number, layout: string): string | null {
  return fields.length === expected ? null : `${layout}: expected ${expected} columns, found ${fields.length}`;
}

function dateField(value: string, name: string, errors: string[]): string | null {
  const parsed = parseRfDate(value);
  if (parsed === undefined) {
    errors.push(`${name}: not a YYYYMMDD date: "${value.slice(0, 20)}"`);
    return null;
  }
  return parsed;
}

export type RfCompany = { root: string; legalName: string; normalizedName: string; legalNatureCode: string | null; responsibleQualification: string | null; capitalSocial: string | null; sizeCode: string | null; federalEntity: string | null };

export function parseCompany(fields: string[]): Parsed<RfCompany> {
  const bad = columns(fields, 7, 'Empresas');
  if (bad) return fail(bad);
  const root = fields[0].trim().toUpperCase();
  if (!rootPattern.test(root)) return fail(`cnpj_basico: not 8 characters [0-9A-Z]: "${root.slice(0, 20)}"`);
  const capital = parseDecimalComma(fields[4]);
  if (capital === undefined) return fail(`capital_social: not a decimal with a decimal comma: "${fields[4].slice(0, 20)}"`);
  const legalName = text(fields[1]);
  if (!legalName) return fail('razao_social: empty');
  return { ok: true, value: { root, legalName, normalizedName: normalizeName(legalName), legalNatureCode: code(fields[2]), responsibleQualification: code(fields[3]), capitalSocial: capital, sizeCode: code(fields[5]), federalEntity: text(fields[6]) } };
}

export type RfEstablishment = {
  cnpj: string; root: string; isHeadquarters: boolean; tradeName: string | null; statusCode: string | null; statusDate: string | null;
  reasonCode: string | null; cityAbroad: string | null; countryCode: string | null; startDate: string | null; mainCnae: string | null;
  secondaryCnaes: string | null; address: string | null; postalCode: string | null; state: string | null; municipalityCode: string | null;
  specialStatus: string | null; specialStatusDate: string | null;
};

export function cnaeCode(value: string | undefined): string | null {
  const v = text(value);
  return v && /^\d{1,7}$/.test(v) ? v.padStart(7, '0') : null;
}

export function parseEstablishment(fields: string[]): Parsed<RfEstablishment> {
  const bad = columns(fields, 30, 'Estabelecimentos');
  if (bad) return fail(bad);
  const cnpj = `${fields[0]}${fields[1]}${fields[2]}`.trim().toUpperCase();
  if (!isValidCnpj(cnpj)) return fail(`cnpj: invalid check digits or format: "${cnpj.slice(0, 20)}"`);
  const kind = fields[3].trim();
  if (kind !== '1' && kind !== '2') return fail(`identificador_matriz_filial: expected 1 or 2, found "${kind.slice(0, 5)}"`);
  const errors: string[] = [];
  const statusDate = dateField(fields[6], 'data_situacao_cadastral', errors);
  const startDate = dateField(fields[10], 'data_inicio_atividade', errors);
  const specialStatusDate = dateField(fields[29], 'data_situacao_especial', errors);
  if (errors.length) return fail(errors[0]);
  const secondary = (fields[12] ?? '').split(',').map(cnaeCode).filter((c): c is string => c !== null);
  const street = [text(fields[13]), text(fields[14])].filter(Boolean).join(' ');
  const address = [street, text(fields[15]), text(fields[16]), text(fields[17])].filter(Boolean).join(', ');
  const cep = text(fields[18]);
  return {
    ok: true,
    value: {
      cnpj, root: cnpj.slice(0, 8), isHeadquarters: kind === '1', tradeName: text(fields[4]), statusCode: code(fields[5]), statusDate,
      reasonCode: code(fields[7]), cityAbroad: text(fields[8]), countryCode: code(fields[9]), startDate, mainCnae: cnaeCode(fields[11]),
      secondaryCnaes: secondary.length ? secondary.join(',') : null, address: address || null, postalCode: cep && /^\d{8}$/.test(cep) ? cep : cep,
      state: text(fields[19]), municipalityCode: code(fields[20]), specialStatus: text(fields[28]), specialStatusDate,
    },
  };
}

/** identificador_socio: 1 legal entity, 2 natural person, 3 foreigner. */
export type RfPartner = {
  root: string; kind: '1' | '2' | '3'; name: string; normalizedName: string; document: string | null; qualificationCode: string | null;
  entryDate: string | null; countryCode: string | null; representativeDocument: string | null; representativeName: string | null;
  representativeNormalizedName: string | null; representativeQualificationCode: string | null; ageRangeCode: number | null;
};

const maskedOrNull = (value: string | undefined) => {
  const v = text(value);
  return v && isMaskedCpf(v) && v !== '***000000**' ? v : null;
};

export function parsePartner(fields: string[]): Parsed<RfPartner> {
  const bad = columns(fields, 11, 'Socios');
  if (bad) return fail(bad);
  const root = fields[0].trim().toUpperCase();
  if (!rootPattern.test(root)) return fail(`cnpj_basico: not 8 characters [0-9A-Z]: "${root.slice(0, 20)}"`);
  const kind = fields[1].trim();
  if (kind !== '1' && kind !== '2' && kind !== '3') return fail(`identificador_socio: expected 1, 2 or 3, found "${kind.slice(0, 5)}"`);
  const name = text(fields[2]);
  if (!name) return fail('nome_socio: empty');
  let document: string | null = null;
  const rawDocument = (fields[3] ?? '').trim().toUpperCase();
  if (kind === '1') {
    if (!isValidCnpj(rawDocument)) return fail(`cnpj_cpf_do_socio: partner CNPJ invalid: "${rawDocument.slice(0, 20)}"`);
    document = rawDocument;
  } else if (kind === '2') {
    if (!isMaskedCpf(rawDocument)) return fail(`cnpj_cpf_do_socio: expected a masked CPF ***999999**, found "${rawDocument.slice(0, 20)}"`);
    document = rawDocument;
  }
  const errors: string[] = [];
  const entryDate = dateField(fields[5], 'data_entrada_sociedade', errors);
  if (errors.length) return fail(errors[0]);
  const representativeName = text(fields[8]);
  const age = code(fields[10]);
  return {
    ok: true,
    value: {
      root, kind, name, normalizedName: normalizeName(name), document, qualificationCode: code(fields[4]), entryDate, countryCode: code(fields[6]),
      representativeDocument: representativeName ? maskedOrNull(fields[7]) : null, representativeName,
      representativeNormalizedName: representativeName ? normalizeName(representativeName) : null,
      representativeQualificationCode: representativeName ? code(fields[9]) : null,
      ageRangeCode: age !== null && /^\d$/.test(age) ? Number(age) : null,
    },
  };
}

export type RfSimples = { root: string; simples: boolean | null; simplesStart: string | null; simplesEnd: string | null; mei: boolean | null; meiStart: string | null; meiEnd: string | null };

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
    root, simples: yesNo(fields[1]), simplesStart: dateField(fields[2], 'data_opcao_simples', errors), simplesEnd: dateField(fields[3], 'data_exclusao_simples', errors),
    mei: yesNo(fields[4]), meiStart: dateField(fields[5], 'data_opcao_mei', errors), meiEnd: dateField(fields[6], 'data_exclusao_mei', errors),
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
