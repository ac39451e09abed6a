import type { ValidationIssue } from '../../errors';

/**
 * The Siscoaf batch is written in ISO-8859-1 (docs/reports.md, "Siscoaf batch"): a character
 * above U+00FF cannot be written and would reach COAF as "?". Such text is refused where it is
 * written, at its place, naming the character, so that the officer can retype it (an em dash as
 * a hyphen, curly quotes as straight ones).
 */
const names: Record<number, string> = {
  0x2013: 'EN DASH',
  0x2014: 'EM DASH',
  0x2018: 'LEFT SINGLE QUOTATION MARK',
  0x2019: 'RIGHT SINGLE QUOTATION MARK',
  0x201c: 'LEFT DOUBLE QUOTATION MARK',
  0x201d: 'RIGHT DOUBLE QUOTATION MARK',
  0x2022: 'BULLET',
  0x2026: 'HORIZONTAL ELLIPSIS',
  0x20ac: 'EURO SIGN',
  0x2122: 'TRADE MARK SIGN',
  0x2192: 'RIGHTWARDS ARROW',
  0x00a0: 'NO-BREAK SPACE',
};

export type OutsideLatin1 = { index: number; char: string; codePoint: string; name: string | null };

/** U+XXXX of a code point, four digits at least. */
const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** Every character of `text` that ISO-8859-1 cannot carry (index in code points). */
export function charactersOutsideLatin1(text: string): OutsideLatin1[] {
  const found: OutsideLatin1[] = [];
  let index = 0;
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (cp > 0xff) found.push({ index, char, codePoint: hex(cp), name: names[cp] ?? null });
    index += 1;
  }
  return found;
}

/** The message naming the first such character and how many there are. */
export function latin1Message(found: OutsideLatin1[]): string {
  const first = found[0];
  const named = first.name ? `${first.codePoint} ${first.name}` : first.codePoint;
  const more = found.length > 1 ? ` (and ${found.length - 1} more)` : '';
  return `"${first.char}" (${named}) at character ${first.index + 1} is outside ISO-8859-1, the Siscoaf encoding: retype it${more}`;
}

/** One issue per text field (any depth) of `value` holding such characters, at its location under `loc`. */
export function latin1Issues(value: unknown, loc: (string | number)[]): ValidationIssue[] {
  if (typeof value === 'string') {
    const found = charactersOutsideLatin1(value);
    return found.length > 0 ? [{ loc, msg: latin1Message(found), type: 'not_latin1' }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => latin1Issues(v, [...loc, i]));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => latin1Issues(v, [...loc, k]));
  return [];
}

/** ISO-8859-1 bytes of `text`; a character outside it (refused before finalize) becomes "?", as on a draft. */
export function encodeLatin1(text: string): Buffer {
  return Buffer.from(text.replace(/[^\u0000-\u00ff]/gu, '?'), 'latin1');
}

/** The text of ISO-8859-1 bytes (every byte is a character: the round trip is exact). */
export function decodeLatin1(bytes: Buffer): string {
  return bytes.toString('latin1');
}
