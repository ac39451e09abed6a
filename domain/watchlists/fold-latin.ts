/** Letters NFKD does not decompose into a base letter and a mark. */
const specialLatin: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
  ŀ: 'l',
  ĸ: 'k',
};

/**
 * Apostrophes, ayn/hamza signs and the prime of the soft sign vanish inside a word ("O'Brien" →
 * "obrien", "Ma'mun" → "mamun", "Jurʹevna" → "jurevna").
 */
export const apostrophes = /['’‘ʼʻʿʾ`´ʹʺ]/g;

/** One Latin word folded as the matcher compares it: NFKD, marks stripped, lower case, apostrophes dropped. */
export function foldLatin(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłıþħŀĸ]/g, (c) => specialLatin[c] ?? c)
    .replace(apostrophes, '');
}
