import { isValidCnpj } from '../../domain/documents/cnpj';
import { columns, dateField, fail, Parsed } from './rf-record-fields';
import { code, text } from './rf-values';

/** The Estabelecimentos layout (30 columns): one establishment per row, its CNPJ split in three. */
export type RfEstablishment = {
  cnpj: string;
  root: string;
  isHeadquarters: boolean;
  tradeName: string | null;
  statusCode: string | null;
  statusDate: string | null;
  reasonCode: string | null;
  cityAbroad: string | null;
  countryCode: string | null;
  startDate: string | null;
  mainCnae: string | null;
  secondaryCnaes: string | null;
  address: string | null;
  postalCode: string | null;
  state: string | null;
  municipalityCode: string | null;
  specialStatus: string | null;
  specialStatusDate: string | null;
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
  const secondary = (fields[12] ?? '')
    .split(',')
    .map(cnaeCode)
    .filter((c): c is string => c !== null);
  const street = [text(fields[13]), text(fields[14])].filter(Boolean).join(' ');
  const address = [street, text(fields[15]), text(fields[16]), text(fields[17])].filter(Boolean).join(', ');
  const cep = text(fields[18]);
  return {
    ok: true,
    value: {
      cnpj,
      root: cnpj.slice(0, 8),
      isHeadquarters: kind === '1',
      tradeName: text(fields[4]),
      statusCode: code(fields[5]),
      statusDate,
      reasonCode: code(fields[7]),
      cityAbroad: text(fields[8]),
      countryCode: code(fields[9]),
      startDate,
      mainCnae: cnaeCode(fields[11]),
      secondaryCnaes: secondary.length ? secondary.join(',') : null,
      address: address || null,
      postalCode: cep && /^\d{8}$/.test(cep) ? cep : cep,
      state: text(fields[19]),
      municipalityCode: code(fields[20]),
      specialStatus: text(fields[28]),
      specialStatusDate,
    },
  };
}
