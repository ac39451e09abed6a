import { ValidationError } from '../errors';
import { isValidCnpj } from './cnpj';
import { isValidCpf } from './cpf';

export type ParsedDocument = { kind: 'cpf' | 'cnpj'; value: string };

/** Strips the usual punctuation (. - / and spaces) and upper-cases alphanumeric CNPJs. */
export function normalizeDocument(input: string): string {
  return input.replace(/[.\-/\s]/g, '').toUpperCase();
}

/**
 * A CPF (11 digits) or CNPJ (14 characters, numeric or alphanumeric), with or without
 * punctuation, case-insensitive. Returns null when it is neither or its check digits are wrong.
 */
export function tryParseDocument(input: string): ParsedDocument | null {
  const value = normalizeDocument(input);
  if (/^\d{11}$/.test(value)) return isValidCpf(value) ? { kind: 'cpf', value } : null;
  if (value.length === 14) return isValidCnpj(value) ? { kind: 'cnpj', value } : null;
  return null;
}

/** As tryParseDocument, but a bad document is a 422 at `loc`. */
export function parseDocument(input: string, loc: (string | number)[] = ['document']): ParsedDocument {
  const parsed = tryParseDocument(input);
  if (!parsed) throw ValidationError.single(loc, 'not a valid CPF or CNPJ (check digits, length or repeated digits)', 'document_invalid');
  return parsed;
}
