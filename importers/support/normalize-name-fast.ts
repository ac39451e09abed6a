import { normalizeName } from '../../domain/names/normalize-name';

// Already-normalized input: upper-case ASCII words of [A-Z0-9&] separated by single spaces.
const normalizedForm = /^[A-Z0-9&]+(?: [A-Z0-9&]+)*$/;
// Printable ASCII only: NFD decomposition is the identity, so it can be skipped.
const plainAscii = /^[\x20-\x7e]*$/;

/**
 * What NFD and the removal of combining marks make of each character a windows-1252 file can
 * hold (Latin-1 and the 27 windows-1252 extras; "É" → "E", "ß" stays "ß"): none of them is a
 * combining mark itself, so folding them one by one gives what `normalizeName` gives for the whole
 * string, without the Unicode pass, which was most of the cost of accented names.
 */
const foldedChars = new Map<string, string>();
for (const code of [
  ...Array.from({ length: 0x80 }, (_, i) => 0x80 + i),
  ...[0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d],
  ...[0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178],
]) {
  const char = String.fromCharCode(code);
  foldedChars.set(char, char.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
}
const nonAscii = /[^\x00-\x7f]/g;
const foldable = (input: string) => {
  for (const match of input.matchAll(nonAscii)) if (!foldedChars.has(match[0])) return false;
  return true;
};

/**
 * `normalizeName` with shortcuts for the common cases of bulk files (most Receita Federal names
 * are already upper-case ASCII, the rest Latin-1): the result is identical, the Unicode NFD pass
 * is what costs.
 */
export function normalizeNameFast(input: string): string {
  if (normalizedForm.test(input)) return input;
  let text = input;
  if (!plainAscii.test(input)) {
    if (!foldable(input)) return normalizeName(input);
    text = input.replace(nonAscii, (c) => foldedChars.get(c)!);
  }
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9&]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}
