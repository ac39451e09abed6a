import { genericOrganizationWords, legalForms, nameParticles, personTitles } from './name-vocabulary';
import { isArabic, transliterateArabicWord } from './transliterate-arabic';
import { isCyrillic, looksUkrainian, transliterateCyrillicWord } from './transliterate-cyrillic';
import type { WatchlistSchema } from './watchlist-entry';

/**
 * `name` identifies; `generic` (organizations only) describes a business and weighs little;
 * `legal_form`, `particle` and `title` are kept for the explanation but never compared.
 */
export type NameTokenKind = 'name' | 'generic' | 'legal_form' | 'particle' | 'title';

export type NameToken = {
  text: string;
  kind: NameTokenKind;
  /** Written in Arabic script: only its consonants are known, so it compares by skeleton. */
  consonantal: boolean;
};

export type NormalizedName = { tokens: NameToken[] };

/** Letters NFKD does not decompose into a base letter and a mark. */
const specialLatin: Readonly<Record<string, string>> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', ı: 'i', þ: 'th', ħ: 'h', ŀ: 'l', ĸ: 'k',
};

/** Apostrophes and ayn/hamza signs vanish inside a word ("O'Brien" → "obrien", "Ma'mun" → "mamun"). */
const apostrophes = /['’‘ʼʻʿʾ`´]/g;

function latinize(word: string, ukrainian: boolean): { text: string; consonantal: boolean } {
  if (isArabic(word)) return { text: foldLatin(transliterateArabicWord(word)), consonantal: true };
  if (isCyrillic(word)) return { text: foldLatin(transliterateCyrillicWord(word, ukrainian)), consonantal: false };
  return { text: foldLatin(word), consonantal: false };
}

function foldLatin(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđðłıþħŀĸ]/g, (c) => specialLatin[c] ?? c)
    .replace(apostrophes, '');
}

type Word = { text: string; consonantal: boolean };

/** "S.A.", "S/A", "L.L.C." and "s a" become one word when the letters spell a legal form. */
function joinSpelledForms(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    let joined: string | null = null;
    let end = i;
    let run = '';
    for (let j = i; j < words.length && words[j].text.length <= 2 && j < i + 4; j++) {
      run += words[j].text;
      if (j > i && legalForms[run] !== undefined) [joined, end] = [run, j];
    }
    if (joined) {
      out.push({ text: joined, consonantal: false });
      i = end;
    } else out.push(words[i]);
  }
  return out;
}

/**
 * "Abd al-Rahman", "Abdul Rahman", "Abdel-Rahman", "Abdurrahman", "Abderrahmane", "عبد الرحمن" →
 * one word "abdulrahman…": the theophoric "servant of" compound is one name however it is spelled.
 */
const bareAbd = /^abd(?:(?:ou|u|e|a|o|i)l)?$/;
const abdPrefix = /^abd(?:ou|u|e|a|o|i)?(?:l|([rsntdz])\1)?/;
function glueAbd(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (bareAbd.test(word.text) && i + 1 < words.length) {
      let next = i + 1;
      if (nameParticles.has(words[next].text) && next + 1 < words.length) next++;
      out.push({ text: `abdul${words[next].text}`, consonantal: word.consonantal || words[next].consonantal });
      i = next;
      continue;
    }
    const match = word.text.startsWith('abd') ? abdPrefix.exec(word.text) : null;
    const rest = match ? word.text.slice(match[0].length) : '';
    if (match && match[0].length > 3 && rest.length >= 3) out.push({ text: `abdul${match[1] ?? ''}${rest}`, consonantal: word.consonantal });
    else out.push(word);
  }
  return out;
}

function classify(word: string, schema: WatchlistSchema): NameTokenKind {
  if (nameParticles.has(word)) return 'particle';
  if (schema === 'organization') {
    if (legalForms[word] !== undefined) return 'legal_form';
    if (genericOrganizationWords.has(word)) return 'generic';
  } else if (personTitles.has(word)) return 'title';
  return 'name';
}

/**
 * The matcher's normalization: each word transliterated (Cyrillic, Arabic) and folded (NFKD,
 * accents stripped, lower case, apostrophes dropped), punctuation as a word break, spelled-out
 * legal forms joined, "abd al …" glued, then each word classified.
 */
export function normalizeWatchlistName(raw: string, schema: WatchlistSchema): NormalizedName {
  const words: Word[] = [];
  const ukrainian = looksUkrainian(raw);
  for (const word of raw.normalize('NFC').split(/[^\p{L}\p{N}'’‘ʼʻʿʾ`´]+/u)) {
    if (!word) continue;
    const { text, consonantal } = latinize(word, ukrainian);
    // A word of letters no table covers (CJK, Greek…) leaves nothing comparable: dropped.
    for (const part of text.split(/[^a-z0-9]+/)) if (part) words.push({ text: part, consonantal });
  }
  const joined = glueAbd(schema === 'organization' ? joinSpelledForms(words) : words);
  return { tokens: joined.map((w) => ({ text: w.text, kind: classify(w.text, schema), consonantal: w.consonantal })) };
}

/** The tokens that identify (names and, for organizations, generic words). */
export function comparableTokens(name: NormalizedName): NameToken[] {
  return name.tokens.filter((t) => t.kind === 'name' || t.kind === 'generic');
}
