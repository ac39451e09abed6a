/**
 * Cyrillic → Latin for name matching, after BGN/PCGN (Russian 1947, Ukrainian 1965) without
 * diacritics or apostrophes: the spelling an English-language list most often prints
 * ("Сергей" → "sergey", "Хрущёв" → "khrushchev"). A word holding a letter only Ukrainian uses
 * (і ї є ґ) makes the whole name read as Ukrainian, where г is "h" and и is "y" ("Олександр Гнатюк" → "oleksandr
 * hnatyuk"); other spellings of the same sound are equated later by the skeleton key and the
 * variant groups (docs/watchlists.md, "Transliteration").
 */
const russian: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Belarusian, Serbian and Macedonian letters a list may print, read the common way.
  ў: 'w',
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
};

const ukrainian: Readonly<Record<string, string>> = { ...russian, г: 'h', ґ: 'g', и: 'y', і: 'i', ї: 'yi', є: 'ye', й: 'y' };

const ukrainianOnly = /[іїєґ]/i;
const cyrillicLetter = /[\u0400-\u04ff]/;

export function isCyrillic(text: string): boolean {
  return cyrillicLetter.test(text);
}

/** A name holding a letter only Ukrainian uses is read as Ukrainian in all its words. */
export function looksUkrainian(text: string): boolean {
  return ukrainianOnly.test(text);
}

/** Transliterates the Cyrillic letters of one word; other characters pass through. */
export function transliterateCyrillicWord(word: string, asUkrainian = looksUkrainian(word)): string {
  const table = asUkrainian ? ukrainian : russian;
  let out = '';
  for (const char of word) {
    const lower = char.toLowerCase();
    const latin = table[lower];
    // Word-initial е and ё sound "ye"/"yo" in BGN/PCGN; the skeleton drops the y, so the
    // plain vowel is kept: fewer spellings to equate.
    out += latin === undefined ? char : latin;
  }
  return out;
}
