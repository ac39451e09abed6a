import { isValidCnpj } from '../../domain/documents/cnpj';
import { isMaskedCpf, isValidCpf, maskCpf } from '../../domain/documents/cpf';
import { normalizeDocument } from '../../domain/documents/parse-document';

export type PartyDocument = { kind: 'cpf' | 'cpf_masked' | 'cnpj' | 'none'; document: string | null; masked: string | null };

/**
 * A document as public lists print it: `123.456.789-09`, `***.456.789-**`, `12.345.678/0001-95`,
 * alphanumeric CNPJs, or nothing. Undefined when present but invalid.
 */
export function parsePartyDocument(raw: string | null | undefined, hint?: 'cpf' | 'cnpj'): PartyDocument | undefined {
  const value = normalizeDocument(raw ?? '');
  if (value === '') return { kind: 'none', document: null, masked: null };
  if (isMaskedCpf(value)) return { kind: 'cpf_masked', document: value, masked: value };
  if (/^\d{11}$/.test(value) && hint !== 'cnpj')
    return isValidCpf(value) ? { kind: 'cpf', document: value, masked: maskCpf(value) } : undefined;
  if (value.length === 14 && hint !== 'cpf') return isValidCnpj(value) ? { kind: 'cnpj', document: value, masked: null } : undefined;
  return undefined;
}
