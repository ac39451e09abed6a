import type { EvaluationPair } from '../../generator/watchlist-evaluation-set';
import { Prng } from '../../generator/prng';
import type { MatchQuery, WatchlistCode, WatchlistEntry } from '../../domain/watchlists/watchlist-entry';

/**
 * The held-out evaluation set of the watchlist matcher (docs/watchlists.md, "The held-out set"):
 * labelled pairs built from people the matcher's generator never drew — names a name source
 * outside the repository gives in their own script (the bench uses `@faker-js/faker`'s locales,
 * bench/support/faker-people.ts) — romanized by a transliteration library that is not the
 * matcher's (`any-ascii`). This module only writes the pairs: the people and the romanizer are
 * given, so the same people give the same set.
 *
 * Labels come from construction: a pair is true when the query writes the very person the entry
 * lists (in another script, order, case or with the patronymic dropped), false when it writes
 * another person of the same locale — one sharing the family name, one sharing the given name,
 * or anyone else — whose differing part differs in the romanization too (two Chinese given names
 * that romanize alike cannot be told apart by name, so no such pair is a negative).
 */
export const heldOutLocales = ['ar', 'fa', 'ru', 'uk', 'zh_CN', 'ko', 'tr', 'vi'] as const;
export type HeldOutLocale = (typeof heldOutLocales)[number];

/** One person as the source writes them, in the locale's script (Latin with diacritics for tr, vi). */
export type NativePerson = { given: string; middle: string | null; family: string; female: boolean };
export type Romanizer = { name: string; romanize: (text: string) => string };
export type HeldOutPair = EvaluationPair & { locale: HeldOutLocale; kind: string };

export const positiveKinds = ['latin_query_script_entry', 'script_query_latin_entry', 'latin_variants', 'script_variants'] as const;
export const negativeKinds = ['neg_other_person', 'neg_same_family', 'neg_same_given'] as const;

// Han and Hangul names are written family-then-given without a space; Vietnamese family first.
const fusedScript: ReadonlySet<HeldOutLocale> = new Set(['zh_CN', 'ko']);
const familyFirst: ReadonlySet<HeldOutLocale> = new Set(['zh_CN', 'ko', 'vi']);
const lists: readonly WatchlistCode[] = ['un', 'ofac_sdn', 'eu_fsf'];

type LatinStyle = {
  order: 'given_first' | 'family_first' | 'family_comma';
  dropMiddle: boolean;
  upperFamily: boolean;
  syllables: 'fused' | 'hyphen' | 'spaced';
};
type ScriptStyle = { order: 'native' | 'swapped'; dropMiddle: boolean; spaced: boolean };

function capitalize(word: string): string {
  const i = word.search(/[a-z]/i);
  return i < 0 ? word : word.slice(0, i) + word[i].toUpperCase() + word.slice(i + 1).toLowerCase();
}

/**
 * One name part romanized: each word capitalized; a Han or Hangul part, which the library writes
 * as capitalized syllables run together ("YuZe"), joined as passports do ("Yuze"), with a hyphen
 * ("Yu-ze") or a space ("Yu Ze").
 */
export function romanizePart(
  part: string,
  locale: HeldOutLocale,
  romanizer: Romanizer,
  syllables: LatinStyle['syllables'] = 'fused',
): string {
  const latin = romanizer.romanize(part).trim();
  if (!fusedScript.has(locale)) return latin.split(/\s+/).map(capitalize).join(' ');
  const parts = latin.split(/(?=[A-Z])/).filter(Boolean);
  if (syllables === 'spaced') return parts.map(capitalize).join(' ');
  return capitalize(parts.join(syllables === 'hyphen' ? '-' : ''));
}

export function writeLatin(p: NativePerson, locale: HeldOutLocale, romanizer: Romanizer, style: LatinStyle): string {
  const given = romanizePart(p.given, locale, romanizer, style.syllables);
  const middle = p.middle && !style.dropMiddle ? romanizePart(p.middle, locale, romanizer, style.syllables) : null;
  const familyLatin = romanizePart(p.family, locale, romanizer, style.syllables);
  const family = style.upperFamily ? familyLatin.toUpperCase() : familyLatin;
  const rest = [given, middle].filter(Boolean).join(' ');
  if (style.order === 'family_comma') return `${family}, ${rest}`;
  return style.order === 'family_first' ? `${family} ${rest}` : `${rest} ${family}`;
}

export function writeScript(p: NativePerson, locale: HeldOutLocale, style: ScriptStyle): string {
  const rest = [p.given, style.dropMiddle ? null : p.middle].filter(Boolean).join(' ');
  // Russian and Ukrainian official order: family, given, patronymic.
  const nativeFamilyFirst = familyFirst.has(locale) || p.middle !== null;
  const familyFirstHere = style.order === 'native' ? nativeFamilyFirst : !nativeFamilyFirst;
  const separator = fusedScript.has(locale) && !style.spaced ? '' : ' ';
  return familyFirstHere ? `${p.family}${separator}${rest}` : `${rest}${separator}${p.family}`;
}

const arabicVariants: readonly (readonly [RegExp, string])[] = [
  [/ة/g, 'ه'],
  [/[أإآ]/g, 'ا'],
  [/ى/g, 'ي'],
];
const persianVariants: readonly (readonly [RegExp, string])[] = [
  [/ی/g, 'ي'],
  [/ک/g, 'ك'],
];

/** The same name as an Arabic keyboard or a clerk may spell it; other scripts unchanged. */
export function orthographicVariant(name: string, locale: HeldOutLocale): string {
  const rules = locale === 'ar' ? arabicVariants : locale === 'fa' ? persianVariants : [];
  return rules.reduce((s, [from, to]) => s.replace(from, to), name);
}

function sameRomanized(a: string, b: string, locale: HeldOutLocale, romanizer: Romanizer): boolean {
  const key = (s: string) =>
    romanizePart(s, locale, romanizer)
      .toLowerCase()
      .replace(/[^a-z]/g, '');
  return a === b || key(a) === key(b);
}

function entryOf(id: string, n: number, names: string[]): WatchlistEntry {
  return {
    list: lists[n % lists.length],
    entry_id: id,
    schema: 'person',
    names: names.map((name, i) => ({ name, quality: i === 0 ? 'primary' : 'strong' })),
    birth_dates: [],
    nationalities: [],
    documents: [],
    programs: [],
    listed_on: null,
  };
}

/**
 * `perKind` pairs of each kind for each locale: 4 true kinds and 3 false ones. `people` must hold
 * enough people of each locale to find, for every negative, another person who differs.
 */
export function buildHeldOutSet(
  people: Readonly<Record<HeldOutLocale, readonly NativePerson[]>>,
  romanizer: Romanizer,
  seed: string,
  perKind: number,
): HeldOutPair[] {
  const pairs: HeldOutPair[] = [];
  for (const locale of heldOutLocales) {
    const pool = people[locale].filter((p) =>
      [p.given, p.family, p.middle ?? 'x'].every((part) => romanizePart(part, locale, romanizer).replace(/[^a-z]/gi, '') !== ''),
    );
    const rng = new Prng(`${seed}:${locale}`);
    const latinStyle = (o: Partial<LatinStyle> = {}): LatinStyle => ({
      order: rng.pick(['given_first', 'family_first', 'family_comma'] as const),
      dropMiddle: false,
      upperFamily: rng.chance(0.3),
      syllables: rng.pick(['fused', 'hyphen', 'spaced'] as const),
      ...o,
    });
    let n = 0;
    const add = (kind: string, expected: boolean, query: string, entryNames: string[], reason: string) => {
      n++;
      const id = `held-out-${locale}-${String(n).padStart(4, '0')}`;
      const q: MatchQuery = { schema: 'person', name: query };
      pairs.push({ id, category: kind, locale, kind, query: q, entry: entryOf(id, n, entryNames), expected_match: expected, reason });
    };
    // A different person of the same sex for whom `differs` holds.
    const other = (a: NativePerson, differs: (b: NativePerson) => boolean): NativePerson => {
      for (let tries = 0; tries < pool.length * 4; tries++) {
        const b = rng.pick(pool);
        if (b !== a && b.female === a.female && differs(b)) return b;
      }
      throw new Error(`held-out set: no second ${locale} person differs enough from ${a.given} ${a.family}`);
    };
    const differsIn = (a: string, b: string) => !sameRomanized(a, b, locale, romanizer);
    for (let i = 0; i < perKind; i++) {
      for (const kind of positiveKinds) {
        const p = rng.pick(pool);
        if (kind === 'latin_query_script_entry') {
          add(
            kind,
            true,
            writeLatin(p, locale, romanizer, latinStyle({ order: 'given_first' })),
            [writeScript(p, locale, { order: 'native', dropMiddle: false, spaced: false })],
            `same person: ${locale} name listed in its script, queried romanized by ${romanizer.name}`,
          );
        } else if (kind === 'script_query_latin_entry') {
          add(
            kind,
            true,
            writeScript(p, locale, { order: 'native', dropMiddle: rng.chance(0.5), spaced: false }),
            [writeLatin(p, locale, romanizer, latinStyle({ order: 'family_comma', upperFamily: true }))],
            `same person: ${locale} name listed romanized by ${romanizer.name}, queried in its script`,
          );
        } else if (kind === 'latin_variants') {
          const listed = latinStyle({ order: 'family_comma' });
          add(
            kind,
            true,
            writeLatin(p, locale, romanizer, latinStyle({ order: 'given_first', dropMiddle: true })),
            [writeLatin(p, locale, romanizer, listed)],
            `same person: two romanized ${locale} writings (order, case, syllable joins, patronymic dropped)`,
          );
        } else {
          // Han and Hangul names spaced, patronymics dropped; where the name has neither, the
          // order swapped and, in Arabic script, the letters that keyboards and clerks write
          // either way (ة/ه, ى/ي, أ/ا; Persian ی/ي, ک/ك).
          const order = fusedScript.has(locale) || p.middle !== null ? rng.pick(['native', 'swapped'] as const) : 'swapped';
          add(
            kind,
            true,
            orthographicVariant(writeScript(p, locale, { order, dropMiddle: true, spaced: true }), locale),
            [writeScript(p, locale, { order: 'native', dropMiddle: false, spaced: false })],
            `same person: two ${locale} writings in its script (order, spacing, spelling, patronymic dropped)`,
          );
        }
      }
      for (const kind of negativeKinds) {
        const a = rng.pick(pool);
        let q: NativePerson;
        if (kind === 'neg_other_person') q = other(a, (b) => differsIn(a.given, b.given) && differsIn(a.family, b.family));
        else if (kind === 'neg_same_family') q = { ...other(a, (b) => differsIn(a.given, b.given)), family: a.family };
        else q = { ...other(a, (b) => differsIn(a.family, b.family)), given: a.given };
        const queryLatin = rng.chance(0.5);
        const query = queryLatin
          ? writeLatin(q, locale, romanizer, latinStyle({ order: 'given_first' }))
          : writeScript(q, locale, { order: 'native', dropMiddle: false, spaced: false });
        const listed = rng.chance(0.5)
          ? writeScript(a, locale, { order: 'native', dropMiddle: false, spaced: false })
          : writeLatin(a, locale, romanizer, latinStyle({ order: 'family_comma' }));
        const what =
          kind === 'neg_same_family'
            ? 'another given name, same family name'
            : kind === 'neg_same_given'
              ? 'same given name, another family name'
              : 'another person';
        add(kind, false, query, [listed], `different ${locale} people: ${what}`);
      }
    }
  }
  return pairs;
}
