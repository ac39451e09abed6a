import { foldLatin } from './fold-latin';
import { legalFormFamily, legalFormTable } from './legal-forms';
import { genericOrganizationWords, nameParticles, personTitles } from './name-vocabulary';
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

/** `form`: a run of words read as one legal form (joinLegalForms). */
type Word = { text: string; consonantal: boolean; cyrillic?: boolean; form?: boolean };

function latinize(word: string, ukrainian: boolean): Word {
  if (isArabic(word)) return { text: foldLatin(transliterateArabicWord(word)), consonantal: true };
  if (isCyrillic(word)) return { text: foldLatin(transliterateCyrillicWord(word, ukrainian)), consonantal: false, cyrillic: true };
  return { text: foldLatin(word), consonantal: false };
}

/**
 * Legal forms of one or more words ("S.A.", "S/A", "L.L.C.", "Sp. z o.o.", "Pty Ltd", "Limited
 * Liability Company", "Общество с ограниченной ответственностью") become one legal-form word, the
 * longest alias first (legal-forms.ts). A form spelled in letters of one or two ("s a") is joined
 * ("sa"); one of several words keeps them, space-separated, as its text.
 */
function joinLegalForms(words: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < words.length; i++) {
    let found: Word | null = null;
    let end = i;
    for (let n = Math.min(legalFormTable.maxWords, words.length - i); n >= 2 && !found; n--) {
      const run = words.slice(i, i + n);
      const cyrillic = run.every((w) => w.cyrillic === true);
      const spaced = run.map((w) => w.text).join(' ');
      const joined = run.every((w) => w.text.length <= 2) ? run.map((w) => w.text).join('') : null;
      if (joined && legalFormFamily(joined, cyrillic) !== undefined) found = { text: joined, consonantal: false, cyrillic, form: true };
      else if (legalFormFamily(spaced, cyrillic) !== undefined) found = { text: spaced, consonantal: false, cyrillic, form: true };
      end = i + n - 1;
    }
    if (found) {
      out.push(found);
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
    if (match && match[0].length > 3 && rest.length >= 3)
      out.push({ text: `abdul${match[1] ?? ''}${rest}`, consonantal: word.consonantal });
    else out.push(word);
  }
  return out;
}

function classify(word: Word, schema: WatchlistSchema): NameTokenKind {
  if (schema === 'organization' && word.form) return 'legal_form';
  if (nameParticles.has(word.text)) return 'particle';
  if (schema === 'organization') {
    if (legalFormFamily(word.text, word.cyrillic === true) !== undefined) return 'legal_form';
    if (genericOrganizationWords.has(word.text)) return 'generic';
  } else if (personTitles.has(word.text)) return 'title';
  return 'name';
}

/**
 * The matcher's normalization: each word transliterated (Cyrillic, Arabic) and folded (NFKD,
 * accents stripped, lower case, apostrophes dropped), punctuation as a word break, spelled-out
 * legal forms of one or more words joined (legal-forms.ts), "abd al …" glued, then each word classified.
 */
export function normalizeWatchlistName(raw: string, schema: WatchlistSchema): NormalizedName {
  const words: Word[] = [];
  const ukrainian = looksUkrainian(raw);
  for (const word of raw.normalize('NFC').split(/[^\p{L}\p{N}'’‘ʼʻʿʾ`´ʹʺ]+/u)) {
    if (!word) continue;
    const { text, consonantal, cyrillic } = latinize(word, ukrainian);
    // A word of letters no table covers (CJK, Greek…) leaves nothing comparable: dropped.
    for (const part of text.split(/[^a-z0-9]+/)) if (part) words.push({ text: part, consonantal, cyrillic });
  }
  const joined = glueAbd(schema === 'organization' ? joinLegalForms(words) : words);
  return { tokens: joined.map((w) => ({ text: w.text, kind: classify(w, schema), consonantal: w.consonantal })) };
}

/** The tokens that identify (names and, for organizations, generic words). */
export function comparableTokens(name: NormalizedName): NameToken[] {
  return name.tokens.filter((t) => t.kind === 'name' || t.kind === 'generic');
}
