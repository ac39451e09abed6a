import { isValidCnpj } from '../../domain/documents/cnpj';
import { isMaskedCpf } from '../../domain/documents/cpf';
import { normalizeNameFast as normalizeName } from '../support/normalize-name-fast';
import { columns, dateField, fail, Parsed, rootPattern } from './rf-record-fields';
import { code, text } from './rf-values';

/** identificador_socio: 1 legal entity, 2 natural person, 3 foreigner. */
export type RfPartner = {
  root: string;
  kind: '1' | '2' | '3';
  name: string;
  normalizedName: string;
  document: string | null;
  qualificationCode: string | null;
  entryDate: string | null;
  countryCode: string | null;
  representativeDocument: string | null;
  representativeName: string | null;
  representativeNormalizedName: string | null;
  representativeQualificationCode: string | null;
  ageRangeCode: number | null;
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
      root,
      kind,
      name,
      normalizedName: normalizeName(name),
      document,
      qualificationCode: code(fields[4]),
      entryDate,
      countryCode: code(fields[6]),
      representativeDocument: representativeName ? maskedOrNull(fields[7]) : null,
      representativeName,
      representativeNormalizedName: representativeName ? normalizeName(representativeName) : null,
      representativeQualificationCode: representativeName ? code(fields[9]) : null,
      ageRangeCode: age !== null && /^\d$/.test(age) ? Number(age) : null,
    },
  };
}
