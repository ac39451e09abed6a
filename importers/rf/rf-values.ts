/** Field conversions of the Receita Federal layouts; each returns undefined when malformed. */

/** `YYYYMMDD` → `YYYY-MM-DD`; empty, `0` and `00000000` mean "no date" (null). */
export function parseRfDate(value: string): string | null | undefined {
  const v = value.trim();
  if (v === '' || /^0+$/.test(v)) return null;
  if (!/^\d{8}$/.test(v)) return undefined;
  const [y, m, d] = [Number(v.slice(0, 4)), Number(v.slice(4, 6)), Number(v.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1800 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return undefined;
  return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
}

/** `dd/mm/yyyy` (CGU lists) → `YYYY-MM-DD`; empty or a "sem informação" placeholder → null. */
export function parseBrDate(value: string): string | null | undefined {
  const v = value.trim();
  if (v === '' || /^sem informa/i.test(v) || v === '00/00/0000') return null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (!match) return /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseRfDate(v.replace(/-/g, '')) : undefined;
  return parseRfDate(`${match[3]}${match[2]}${match[1]}`);
}

/** A decimal with a decimal comma (`1000,50`, optionally `1.000,50`) → `1000.50`, kept as a string. */
export function parseDecimalComma(value: string): string | null | undefined {
  const v = value.trim();
  if (v === '') return null;
  if (!/^-?\d{1,3}(\.\d{3})*(,\d+)?$/.test(v) && !/^-?\d+(,\d+)?$/.test(v)) return undefined;
  const [int, frac] = v.replace(/\./g, '').split(',');
  const normalizedInt = int.replace(/^(-?)0+(\d)/, '$1$2');
  return frac === undefined ? normalizedInt : `${normalizedInt}.${frac}`;
}

/** Empty → null; otherwise trimmed. */
export function text(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' ? null : v;
}

/** Numeric code fields (`02`, `2`) compared as integers: leading zeros removed. */
export function code(value: string | undefined): string | null {
  const v = text(value);
  if (v === null) return null;
  return /^\d+$/.test(v) ? String(Number(v)) : v;
}
