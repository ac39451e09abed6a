import { parseRfDate } from './rf-values';

/** What every Receita Federal record parser shares: the result type, column counts, roots and dates. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export const fail = (reason: string): Parsed<never> => ({ ok: false, reason });
export const rootPattern = /^[0-9A-Z]{8}$/;

export function columns(fields: string[], expected: number, layout: string): string | null {
  return fields.length === expected ? null : `${layout}: expected ${expected} columns, found ${fields.length}`;
}

export function dateField(value: string, name: string, errors: string[]): string | null {
  const parsed = parseRfDate(value);
  if (parsed === undefined) {
    errors.push(`${name}: not a YYYYMMDD date: "${value.slice(0, 20)}"`);
    return null;
  }
  return parsed;
}
