import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MatchQuery, WatchlistCode, WatchlistEntry, WatchlistSchema } from '../domain/watchlists/watchlist-entry';
import { Prng } from './prng';
import * as pools from './watchlist-name-pools';
import {
  type ArabicStyle,
  arabicScriptWord,
  arabicStyles,
  capitalize,
  type CyrillicStyle,
  cyrillicStyles,
  romanizeAbdCompound,
  romanizeArabicWord,
  romanizeArticle,
  romanizeCyrillicWord,
  wadeGilesOf,
} from './watchlist-romanizers';

/**
 * The labelled evaluation set of the watchlist name matcher (docs/watchlists.md): query/entry
 * pairs generated from rules — who the synthetic person or company is, and how lists, passports
 * and press write that name — each labelled by construction: `expected_match` is true when the
 * query names the very identity the entry lists, false when it names another one (a namesake,
 * a relative, another company with the same generic words). The labels come from the identities,
 * never from the matcher; the set is generated once from its seed and committed.
 *
 * `npx tsx generator/watchlist-evaluation-set.ts` rewrites test/fixtures/watchlists/evaluation-set.jsonl.
 */
export type EvaluationPair = {
  id: string;
  category: string;
  query: MatchQuery;
  entry: WatchlistEntry;
  expected_match: boolean;
  reason: string;
};

const evaluationSeed = 'watchlist-evaluation-set-v1';
const pairsPerCategory = 150;
export const evaluationSetPath = path.join('test', 'fixtures', 'watchlists', 'evaluation-set.jsonl');

const lists: readonly WatchlistCode[] = ['un', 'ofac_sdn', 'eu_fsf'];

// ---- identities and how each is written ----

type ArabicPerson = { given: string; abd: string | null; father: string; family: string; article: boolean; female: boolean };
type WriteOptions = { dropMiddle?: boolean; reorder?: boolean; upperFamily?: boolean };

function arabicPerson(rng: Prng, overrides: Partial<ArabicPerson> = {}): ArabicPerson {
  const female = rng.chance(0.15);
  const article = rng.chance(0.6);
  return {
    given: female ? rng.pick(pools.arabicGivenFemale) : rng.pick(pools.arabicGiven),
    abd: !female && rng.chance(0.2) ? rng.pick(pools.abdNames) : null,
    father: rng.pick(pools.arabicGiven),
    family: article ? rng.pick(pools.arabicFamilyWithArticle) : rng.pick(pools.arabicFamilyBare),
    article,
    female,
    ...overrides,
  };
}

function writeArabicLatin(p: ArabicPerson, style: ArabicStyle, rng: Prng, o: WriteOptions = {}): string {
  const given = p.abd
    ? romanizeAbdCompound(romanizeArabicWord(p.abd, style, rng), p.abd, style, rng)
    : romanizeArabicWord(p.given, style, rng);
  const father = romanizeArabicWord(p.father, style, rng);
  let family = romanizeArabicWord(p.family, style, rng);
  if (p.article) family = romanizeArticle(family, p.family, style, rng);
  if (o.upperFamily) family = family.toUpperCase();
  const link = !o.dropMiddle && rng.chance(0.2) ? (p.female ? 'bint ' : rng.pick(['bin ', 'ibn ', 'Bin '])) : '';
  const middle = o.dropMiddle ? [] : [`${link}${father}`];
  return (o.reorder ? [`${family},`, given, ...middle] : [given, ...middle, family]).join(' ');
}

function writeArabicScript(p: ArabicPerson, o: WriteOptions = {}): string {
  const given = p.abd ? `عبد ال${arabicScriptWord(p.abd)}` : arabicScriptWord(p.given);
  const family = `${p.article ? 'ال' : ''}${arabicScriptWord(p.family)}`;
  return [given, ...(o.dropMiddle ? [] : [arabicScriptWord(p.father)]), family].join(' ');
}

type RussianPerson = { given: string; patronymic: string; surname: string; female: boolean };

function feminineSurname(s: string): string {
  return s.endsWith('ий') ? `${s.slice(0, -2)}ая` : `${s}а`;
}

function russianPerson(rng: Prng, overrides: Partial<RussianPerson> = {}): RussianPerson {
  const female = rng.chance(0.25);
  return {
    given: female ? rng.pick(pools.russianGivenFemale) : rng.pick(pools.russianGivenMale),
    patronymic: rng.pick(pools.russianPatronymics),
    surname: rng.pick(pools.russianSurnames),
    female,
    ...overrides,
  };
}

function russianWords(p: RussianPerson): [string, string, string] {
  const patronymic = p.female ? `${p.patronymic}на` : `${p.patronymic}ич`;
  return [p.given, patronymic.replace(/ьев(на|ич)$/, 'ьев$1'), p.female ? feminineSurname(p.surname) : p.surname];
}

function orderWords(given: string, middle: string[], family: string, o: WriteOptions): string {
  const f = o.upperFamily ? family.toUpperCase() : family;
  const m = o.dropMiddle ? [] : middle;
  return (o.reorder ? [`${f},`, given, ...m] : [given, ...m, f]).join(' ');
}

function writeRussian(p: RussianPerson, style: CyrillicStyle | 'cyrillic', o: WriteOptions = {}): string {
  const [g, m, s] = russianWords(p);
  const w = (x: string) => (style === 'cyrillic' ? x : romanizeCyrillicWord(x, style));
  return orderWords(w(g), [w(m)], w(s), o);
}

type UkrainianPerson = { given: string; surname: string };
function writeUkrainian(p: UkrainianPerson, style: CyrillicStyle | 'ukrainian' | 'cyrillic', o: WriteOptions = {}): string {
  const w = (x: string) => (style === 'cyrillic' ? x : romanizeCyrillicWord(x, style));
  return orderWords(w(p.given), [], w(p.surname), o);
}

type ChinesePerson = { surname: string; given: [string, string] };
function writeChinese(p: ChinesePerson, rng: Prng, wade: boolean): string {
  const syl = (s: string) => (wade ? wadeGilesOf(s) : s);
  const surname = capitalize(syl(p.surname));
  const [a, b] = [syl(p.given[0]), syl(p.given[1])];
  const given = rng.pick([capitalize(a + b), `${capitalize(a)}-${b}`, `${capitalize(a)} ${capitalize(b)}`]);
  return rng.pick([`${surname} ${given}`, `${given} ${surname}`, `${surname.toUpperCase()} ${given}`]);
}

function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

type HispanicPerson = { given: string[]; paternal: string; maternal: string };
function writeHispanic(p: HispanicPerson, rng: Prng, o: { dropMaternal?: boolean; dropSecondGiven?: boolean } = {}): string {
  const given = o.dropSecondGiven ? p.given.slice(0, 1) : p.given;
  const surnames = o.dropMaternal
    ? [p.paternal]
    : rng.chance(0.2)
      ? [`${p.paternal} y ${p.maternal}`]
      : rng.chance(0.2)
        ? [`${p.paternal}-${p.maternal}`]
        : [p.paternal, p.maternal];
  let name = rng.chance(0.25) ? `${surnames.join(' ').toUpperCase()}, ${given.join(' ')}` : [...given, ...surnames].join(' ');
  if (rng.chance(0.4)) name = stripAccents(name);
  return name;
}

/** Brazilian orthography that varies in registries for one name: th/t, y/i, z/s at the end, ph/f, doubled letters. */
function respellPortuguese(word: string, rng: Prng): string {
  const rules: [RegExp, string][] = [
    [/th/i, 't'],
    [/y/, 'i'],
    [/z$/, 's'],
    [/s$/, 'z'],
    [/ph/, 'f'],
    [/tt/, 't'],
    [/ll/, 'l'],
  ];
  const applicable = rules.filter(([re]) => re.test(word));
  if (applicable.length === 0 || !rng.chance(0.5)) return word;
  const [re, to] = rng.pick(applicable);
  return word.replace(re, to);
}

type PortuguesePerson = { given: string; middle: string | null; surnames: [string, string] };
function writePortuguese(
  p: PortuguesePerson,
  rng: Prng,
  o: { dropMiddle?: boolean; dropParticles?: boolean; initials?: boolean; respell?: boolean; dropFirstSurname?: boolean } = {},
): string {
  const particle = (s: string) => (o.dropParticles ? s.replace(/^(da|de|do|das|dos) /, '') : s);
  const middle = p.middle && !o.dropMiddle ? [o.initials ? `${p.middle[0]}.` : p.middle] : [];
  const first = o.dropFirstSurname
    ? []
    : [o.initials && !o.dropParticles ? `${particle(p.surnames[0]).split(' ').pop()![0]}.` : particle(p.surnames[0])];
  let words = [p.given, ...middle, ...first, particle(p.surnames[1])].join(' ');
  if (o.respell)
    words = words
      .split(' ')
      .map((w) => respellPortuguese(w, rng))
      .join(' ');
  if (rng.chance(0.4)) words = stripAccents(words).toUpperCase();
  return words;
}

/** French → English orthography of West African names: ou → u, dj → j, ch → sh, é → e, ï → i, final -e dropped. */
function anglicizeWestAfrican(word: string): string {
  return stripAccents(word)
    .replace(/ou/g, 'u')
    .replace(/Ou/g, 'U')
    .replace(/dj/gi, 'j')
    .replace(/ch/g, 'sh')
    .replace(/([^aeiou])e$/, '$1');
}

type WestAfricanPerson = { given: string; second: string | null; surname: string };
function writeWestAfrican(
  p: WestAfricanPerson,
  rng: Prng,
  o: { anglicize?: boolean; reorder?: boolean; dropSecond?: boolean } = {},
): string {
  const w = (x: string) => (o.anglicize ? anglicizeWestAfrican(x) : x);
  const given = [p.given, ...(p.second && !o.dropSecond ? [p.second] : [])].map(w);
  const surname = w(p.surname);
  if (o.reorder) return `${surname.toUpperCase()} ${given.join(' ')}`;
  return rng.chance(0.3) ? stripAccents([...given, surname].join(' ')) : [...given, surname].join(' ');
}

type Organization = { words: string[]; generic: string[]; formFamily: number };
function writeOrganization(
  o: Organization,
  rng: Prng,
  v: { dropForm?: boolean; respellForm?: boolean; dropGeneric?: boolean; formFamily?: number } = {},
): string {
  const family = pools.organizationForms[v.formFamily ?? o.formFamily];
  const form = v.dropForm ? '' : v.respellForm ? rng.pick(family) : family[0];
  const words = [...o.words, ...(v.dropGeneric ? o.generic.slice(1) : o.generic)];
  let name = [words.join(rng.chance(0.15) ? '-' : ' '), form]
    .filter(Boolean)
    .join(form.startsWith('&') ? ' ' : rng.chance(0.3) ? ', ' : ' ');
  if (rng.chance(0.4)) name = name.toUpperCase();
  if (rng.chance(0.2)) name = name.replace(/ (and) /i, ' & ');
  return name;
}

// ---- entries, queries, features ----

function birthDate(rng: Prng, yearFrom = 1945, yearTo = 1995): string {
  const y = yearFrom + rng.int(yearTo - yearFrom + 1);
  return `${y}-${String(1 + rng.int(12)).padStart(2, '0')}-${String(1 + rng.int(28)).padStart(2, '0')}`;
}

function passport(rng: Prng): string {
  return `${String.fromCharCode(65 + rng.int(26))}${String(1_000_000 + rng.int(8_999_999))}`;
}

type EntryParts = {
  schema: WatchlistSchema;
  names: string[];
  weakAliases?: string[];
  birth?: string;
  nationality?: string;
  document?: string;
};

function makeEntry(rng: Prng, id: string, parts: EntryParts): WatchlistEntry {
  const list = rng.pick(lists);
  return {
    list,
    entry_id: id,
    schema: parts.schema,
    names: [
      ...parts.names.map((name, k) => ({ name, quality: k === 0 ? ('primary' as const) : ('strong' as const) })),
      ...(parts.weakAliases ?? []).map((name) => ({ name, quality: 'weak' as const })),
    ],
    birth_dates: parts.birth ? [rng.chance(0.3) ? parts.birth.slice(0, 4) : parts.birth] : [],
    nationalities: parts.nationality ? [parts.nationality] : [],
    documents: parts.document ? [{ type: 'Passport', number: parts.document, country: parts.nationality ?? null }] : [],
    programs: [list === 'un' ? 'QDi' : list === 'ofac_sdn' ? 'SDGT' : 'EU.CFSP'],
    listed_on: `20${String(1 + rng.int(24)).padStart(2, '0')}-0${1 + rng.int(9)}-1${rng.int(10)}`,
  };
}

/** Half the true pairs carry a birth date or nationality agreeing with the entry, as a client often sends. */
function withAgreeingFeatures(rng: Prng, query: MatchQuery, entry: WatchlistEntry): MatchQuery {
  const out = { ...query };
  if (entry.birth_dates.length && rng.chance(0.35))
    out.birth_date = rng.chance(0.5) ? entry.birth_dates[0] : entry.birth_dates[0].slice(0, 4);
  if (entry.nationalities.length && rng.chance(0.35)) out.nationality = entry.nationalities[0];
  return out;
}

type Generated = { query: MatchQuery; entry: WatchlistEntry; reason: string };
type Rule = { category: string; expected: boolean; make: (rng: Prng, id: string) => Generated };

function otherThan<T>(rng: Prng, items: readonly T[], not: T): T {
  for (;;) {
    const item = rng.pick(items);
    if (item !== not) return item;
  }
}

const personBase = (rng: Prng) => ({ birth: birthDate(rng), document: rng.chance(0.5) ? passport(rng) : undefined });

const rules: Rule[] = [
  {
    category: 'arabic_romanization',
    expected: true,
    make: (rng, id) => {
      const p = arabicPerson(rng);
      const [styleA, styleB] = [rng.pick(arabicStyles), rng.pick(arabicStyles)];
      const o = { dropMiddle: rng.chance(0.3), reorder: rng.chance(0.2) };
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeArabicLatin(p, styleA, rng, { upperFamily: rng.chance(0.5) })],
        nationality: rng.pick(pools.nationalities.slice(0, 12)),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeArabicLatin(p, styleB, rng, o) }, entry);
      return {
        query,
        entry,
        reason: `same person: ${styleB} vs ${styleA} romanization of one Arabic name${o.dropMiddle ? ", father's name omitted" : ''}${o.reorder ? ', family name first' : ''}`,
      };
    },
  },
  {
    category: 'arabic_script',
    expected: true,
    make: (rng, id) => {
      const p = arabicPerson(rng);
      const style = rng.pick(arabicStyles);
      const dropMiddle = rng.chance(0.3);
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeArabicLatin(p, style, rng)],
        nationality: rng.pick(pools.nationalities.slice(0, 12)),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeArabicScript(p, { dropMiddle }) }, entry);
      return {
        query,
        entry,
        reason: `same person: the name in Arabic script vs its ${style} romanization${dropMiddle ? ", father's name omitted" : ''}`,
      };
    },
  },
  {
    category: 'arabic_abd_compound',
    expected: true,
    make: (rng, id) => {
      const p = arabicPerson(rng, { female: false, abd: rng.pick(pools.abdNames) });
      const [styleA, styleB] = [rng.pick(arabicStyles), rng.pick(arabicStyles)];
      const entry = makeEntry(rng, id, { schema: 'person', names: [writeArabicLatin(p, styleA, rng)], ...personBase(rng) });
      const query = rng.chance(0.25)
        ? { schema: 'person' as const, name: writeArabicScript(p) }
        : { schema: 'person' as const, name: writeArabicLatin(p, styleB, rng) };
      return {
        query,
        entry,
        reason: 'same person: one ʿAbd al-… compound name spelled two ways (Abd al-X, Abdul X, Abdel X, AbduX-X, joined, or Arabic script)',
      };
    },
  },
  {
    category: 'russian_cyrillic',
    expected: true,
    make: (rng, id) => {
      const p = russianPerson(rng);
      const style = rng.pick(cyrillicStyles);
      const o = { dropMiddle: rng.chance(0.4), reorder: rng.chance(0.4) };
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeRussian(p, style, { upperFamily: rng.chance(0.5) })],
        nationality: 'RU',
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeRussian(p, 'cyrillic', o) }, entry);
      return {
        query,
        entry,
        reason: `same person: the Russian name in Cyrillic vs its ${style} transliteration${o.dropMiddle ? ', patronymic omitted' : ''}${o.reorder ? ', surname first' : ''}`,
      };
    },
  },
  {
    category: 'russian_romanization',
    expected: true,
    make: (rng, id) => {
      const p = russianPerson(rng);
      const [styleA, styleB] = [rng.pick(cyrillicStyles), rng.pick(cyrillicStyles)];
      const o = { dropMiddle: rng.chance(0.5), reorder: rng.chance(0.3) };
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeRussian(p, styleA)],
        nationality: rng.pick(['RU', 'BY']),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeRussian(p, styleB, o) }, entry);
      return {
        query,
        entry,
        reason: `same person: ${styleB} vs ${styleA} transliteration of one Russian name${o.dropMiddle ? ', patronymic omitted' : ''}`,
      };
    },
  },
  {
    category: 'ukrainian',
    expected: true,
    make: (rng, id) => {
      const p = { given: rng.pick(pools.ukrainianGiven), surname: rng.pick(pools.ukrainianSurnames) };
      const queryStyle = rng.pick(['cyrillic', 'bgn', 'german', 'icao'] as const);
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeUkrainian(p, 'ukrainian', { upperFamily: rng.chance(0.5) })],
        nationality: 'UA',
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(
        rng,
        { schema: 'person', name: writeUkrainian(p, queryStyle, { reorder: rng.chance(0.3) }) },
        entry,
      );
      return {
        query,
        entry,
        reason: `same person: Ukrainian national romanization vs ${queryStyle === 'cyrillic' ? 'the Cyrillic' : `a ${queryStyle} (Russian-table) transliteration`}`,
      };
    },
  },
  {
    category: 'chinese',
    expected: true,
    make: (rng, id) => {
      const p: ChinesePerson = {
        surname: rng.pick(pools.chineseSurnames),
        given: [rng.pick(pools.chineseGivenSyllables), rng.pick(pools.chineseGivenSyllables)],
      };
      const wade = rng.chance(0.4);
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeChinese(p, rng, false)],
        nationality: rng.pick(['CN', 'KP']),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeChinese(p, rng, wade) }, entry);
      return {
        query,
        entry,
        reason: `same person: pinyin vs ${wade ? 'Wade-Giles' : 'pinyin'} with the given name joined, hyphenated or split and either order`,
      };
    },
  },
  {
    category: 'hispanic',
    expected: true,
    make: (rng, id) => {
      const p: HispanicPerson = {
        given: rng.chance(0.5) ? [rng.pick(pools.hispanicGiven), rng.pick(pools.hispanicGiven)] : [rng.pick(pools.hispanicGiven)],
        paternal: rng.pick(pools.hispanicSurnames),
        maternal: rng.pick(pools.hispanicSurnames),
      };
      if (p.given[1] === p.given[0]) p.given.pop();
      const o = { dropMaternal: rng.chance(0.4), dropSecondGiven: rng.chance(0.3) };
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeHispanic(p, rng)],
        nationality: rng.pick(['MX', 'CO', 'VE']),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeHispanic(p, rng, o) }, entry);
      return {
        query,
        entry,
        reason: `same person: two-surname Hispanic name${o.dropMaternal ? ', maternal surname omitted' : ''}${o.dropSecondGiven ? ', second given name omitted' : ''}; accents, case, "y" or hyphen vary`,
      };
    },
  },
  {
    category: 'portuguese',
    expected: true,
    make: (rng, id) => {
      const p: PortuguesePerson = {
        given: rng.pick(pools.portugueseGiven),
        middle: rng.chance(0.6) ? rng.pick(pools.portugueseMiddle) : null,
        surnames: [rng.pick(pools.portugueseSurnames), rng.pick(pools.portugueseSurnames)],
      };
      const o = {
        dropMiddle: rng.chance(0.3),
        dropParticles: rng.chance(0.5),
        initials: rng.chance(0.2),
        respell: rng.chance(0.3),
        dropFirstSurname: rng.chance(0.2),
      };
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writePortuguese(p, rng)],
        nationality: rng.pick(['BR', 'PT']),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writePortuguese(p, rng, o) }, entry);
      const what = Object.entries(o)
        .filter(([, v]) => v)
        .map(([k]) => k);
      return { query, entry, reason: `same person: Brazilian/Portuguese name with particles${what.length ? ` (${what.join(', ')})` : ''}` };
    },
  },
  {
    category: 'west_african',
    expected: true,
    make: (rng, id) => {
      const p: WestAfricanPerson = {
        given: rng.pick(pools.westAfricanGiven),
        second: rng.chance(0.4) ? rng.pick(pools.westAfricanGiven) : null,
        surname: rng.pick(pools.westAfricanSurnames),
      };
      const o = { anglicize: rng.chance(0.5), reorder: rng.chance(0.4), dropSecond: rng.chance(0.3) };
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeWestAfrican(p, rng)],
        nationality: rng.pick(['ML', 'SN', 'GN', 'NG']),
        ...personBase(rng),
      });
      const query = withAgreeingFeatures(rng, { schema: 'person', name: writeWestAfrican(p, rng, o) }, entry);
      return {
        query,
        entry,
        reason: `same person: West African name${o.anglicize ? ' in English orthography (ou→u, dj→j, ch→sh) vs French' : ''}${o.reorder ? ', surname first in capitals' : ''}${o.dropSecond ? ', second given name omitted' : ''}`,
      };
    },
  },
  {
    category: 'organization',
    expected: true,
    make: (rng, id) => {
      const org: Organization = {
        words: rng.chance(0.4)
          ? [rng.pick(pools.organizationWords), rng.pick(pools.organizationWords)]
          : [rng.pick(pools.organizationWords)],
        generic: rng.pick(pools.organizationGeneric).split(' '),
        formFamily: rng.int(pools.organizationForms.length),
      };
      const v = { dropForm: rng.chance(0.3), respellForm: rng.chance(0.6), dropGeneric: rng.chance(0.2) };
      const entry = makeEntry(rng, id, {
        schema: 'organization',
        names: [writeOrganization(org, rng)],
        nationality: rng.pick(pools.nationalities),
      });
      const query: MatchQuery = { schema: 'organization', name: writeOrganization(org, rng, v) };
      return {
        query,
        entry,
        reason: `same company: ${v.dropForm ? 'legal form omitted' : v.respellForm ? 'legal form spelled another way in its family' : 'same legal form'}${v.dropGeneric ? ', a generic word omitted' : ''}; case and punctuation vary`,
      };
    },
  },
  {
    category: 'organization_cyrillic',
    expected: true,
    make: (rng, id) => {
      const words = rng.pick(pools.russianOrganizationWords);
      const [cyrForm, latinForm] = rng.pick(pools.russianOrganizationForms);
      const style = rng.pick(['bgn', 'icao'] as const);
      const latin = words
        .split(' ')
        .map((w) => romanizeCyrillicWord(w, style))
        .join(' ');
      const entry = makeEntry(rng, id, { schema: 'organization', names: [`${latinForm} ${latin}`.toUpperCase()], nationality: 'RU' });
      const query: MatchQuery = { schema: 'organization', name: rng.chance(0.5) ? `${cyrForm} «${words}»` : `${words} ${cyrForm}` };
      return {
        query,
        entry,
        reason: `same company: Russian name in Cyrillic with ${cyrForm} vs its ${style} transliteration with ${latinForm}`,
      };
    },
  },
  {
    category: 'common_words',
    expected: true,
    make: (rng, id) => {
      // A listed name made only of common business words ("GLOBAL TRADING LLC"): its own words find it, whatever the legal form.
      const generic = [...rng.pick(pools.organizationGeneric).split(' '), ...otherThan(rng, pools.organizationGeneric, '').split(' ')];
      const org: Organization = { words: [], generic: [...new Set(generic)], formFamily: rng.int(pools.organizationForms.length) };
      const v = {
        dropForm: rng.chance(0.3),
        respellForm: rng.chance(0.5),
        formFamily: rng.chance(0.3) ? rng.int(pools.organizationForms.length) : undefined,
      };
      const entry = makeEntry(rng, id, { schema: 'organization', names: [writeOrganization(org, rng)] });
      const query: MatchQuery = { schema: 'organization', name: writeOrganization(org, rng, v) };
      return {
        query,
        entry,
        reason: `same company, named only by common words: ${v.dropForm ? 'legal form omitted' : v.formFamily !== undefined ? 'another legal form' : 'legal form spelled within its family'}; case and punctuation vary`,
      };
    },
  },
  {
    category: 'document_confirms',
    expected: true,
    make: (rng, id) => {
      const p = russianPerson(rng);
      const doc = passport(rng);
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [writeRussian(p, 'bgn')],
        nationality: 'RU',
        birth: birthDate(rng),
        document: doc,
      });
      const [g, , s] = russianWords(p);
      const short = rng.chance(0.5)
        ? romanizeCyrillicWord(s, rng.pick(cyrillicStyles))
        : `${romanizeCyrillicWord(g, 'icao')[0]}. ${romanizeCyrillicWord(s, 'icao')}`;
      const query: MatchQuery = {
        schema: 'person',
        name: short,
        document: rng.chance(0.5) ? doc.toLowerCase() : `${doc.slice(0, 1)} ${doc.slice(1)}`,
      };
      return {
        query,
        entry,
        reason: 'same person: only the surname (or an initial and the surname) given, with the passport number the entry lists',
      };
    },
  },
  {
    category: 'neg_same_given_name',
    expected: false,
    make: (rng, id) => {
      const culture = rng.int(4);
      if (culture === 0) {
        const a = arabicPerson(rng, { abd: null });
        const b = {
          ...a,
          father: otherThan(rng, pools.arabicGiven, a.father),
          family: otherThan(rng, a.article ? pools.arabicFamilyWithArticle : pools.arabicFamilyBare, a.family),
        };
        const entry = makeEntry(rng, id, { schema: 'person', names: [writeArabicLatin(a, 'english', rng)], ...personBase(rng) });
        return {
          query: { schema: 'person', name: writeArabicLatin(b, rng.pick(arabicStyles), rng) },
          entry,
          reason: "another person: same given name, another father's name and family name",
        };
      }
      if (culture === 1) {
        const a = russianPerson(rng);
        const b = {
          ...a,
          patronymic: otherThan(rng, pools.russianPatronymics, a.patronymic),
          surname: otherThan(rng, pools.russianSurnames, a.surname),
        };
        const entry = makeEntry(rng, id, { schema: 'person', names: [writeRussian(a, 'bgn')], ...personBase(rng) });
        return {
          query: { schema: 'person', name: writeRussian(b, rng.pick(cyrillicStyles), { dropMiddle: rng.chance(0.5) }) },
          entry,
          reason: 'another person: same given name, another patronymic and surname',
        };
      }
      if (culture === 2) {
        const a: HispanicPerson = {
          given: [rng.pick(pools.hispanicGiven)],
          paternal: rng.pick(pools.hispanicSurnames),
          maternal: rng.pick(pools.hispanicSurnames),
        };
        const b = {
          ...a,
          paternal: otherThan(rng, pools.hispanicSurnames, a.paternal),
          maternal: otherThan(rng, pools.hispanicSurnames, a.maternal),
        };
        if (b.paternal === a.maternal || b.maternal === a.paternal) [b.paternal, b.maternal] = ['Valdés', 'Ibarra'];
        const entry = makeEntry(rng, id, { schema: 'person', names: [writeHispanic(a, rng)], ...personBase(rng) });
        return {
          query: { schema: 'person', name: writeHispanic(b, rng) },
          entry,
          reason: 'another person: same given name, other surnames',
        };
      }
      const a: WestAfricanPerson = { given: rng.pick(pools.westAfricanGiven), second: null, surname: rng.pick(pools.westAfricanSurnames) };
      const b = { ...a, surname: otherThan(rng, pools.westAfricanSurnames, a.surname) };
      const entry = makeEntry(rng, id, { schema: 'person', names: [writeWestAfrican(a, rng)], ...personBase(rng) });
      return {
        query: { schema: 'person', name: writeWestAfrican(b, rng) },
        entry,
        reason: 'another person: same given name, another surname',
      };
    },
  },
  {
    category: 'neg_shared_surname',
    expected: false,
    make: (rng, id) => {
      const culture = rng.int(4);
      if (culture === 0) {
        const a = arabicPerson(rng, { abd: null, female: false });
        const b = { ...a, given: otherThan(rng, pools.arabicGiven, a.given), father: otherThan(rng, pools.arabicGiven, a.father) };
        if (b.given === a.father || b.father === a.given) return rules.find((r) => r.category === 'neg_shared_surname')!.make(rng, id);
        const entry = makeEntry(rng, id, { schema: 'person', names: [writeArabicLatin(a, 'english', rng)], ...personBase(rng) });
        return {
          query: { schema: 'person', name: writeArabicLatin(b, rng.pick(arabicStyles), rng) },
          entry,
          reason: "another person of the same family: another given name and father's name",
        };
      }
      if (culture === 1) {
        const a = russianPerson(rng, { female: false });
        const b = {
          ...a,
          given: otherThan(rng, pools.russianGivenMale, a.given),
          patronymic: otherThan(rng, pools.russianPatronymics, a.patronymic),
        };
        const entry = makeEntry(rng, id, { schema: 'person', names: [writeRussian(a, 'bgn')], ...personBase(rng) });
        return {
          query: { schema: 'person', name: writeRussian(b, rng.pick(cyrillicStyles)) },
          entry,
          reason: 'another person of the same family: another given name and patronymic',
        };
      }
      if (culture === 2) {
        const a: ChinesePerson = {
          surname: rng.pick(pools.chineseSurnames),
          given: [rng.pick(pools.chineseGivenSyllables), rng.pick(pools.chineseGivenSyllables)],
        };
        const b: ChinesePerson = {
          surname: a.surname,
          given: [otherThan(rng, pools.chineseGivenSyllables, a.given[0]), otherThan(rng, pools.chineseGivenSyllables, a.given[1])],
        };
        const entry = makeEntry(rng, id, { schema: 'person', names: [writeChinese(a, rng, false)], ...personBase(rng) });
        return {
          query: { schema: 'person', name: writeChinese(b, rng, false) },
          entry,
          reason: 'another person with the same surname: another given name',
        };
      }
      const a: PortuguesePerson = {
        given: rng.pick(pools.portugueseGiven),
        middle: null,
        surnames: [rng.pick(pools.portugueseSurnames), rng.pick(pools.portugueseSurnames)],
      };
      const b = { ...a, given: otherThan(rng, pools.portugueseGiven, a.given) };
      const entry = makeEntry(rng, id, { schema: 'person', names: [writePortuguese(a, rng)], ...personBase(rng) });
      return {
        query: { schema: 'person', name: writePortuguese(b, rng) },
        entry,
        reason: 'another person of the same family: another given name, the same two surnames',
      };
    },
  },
  {
    category: 'neg_generic_company',
    expected: false,
    make: (rng, id) => {
      const generic = rng.pick(pools.organizationGeneric).split(' ');
      const a: Organization = { words: [rng.pick(pools.organizationWords)], generic, formFamily: rng.int(pools.organizationForms.length) };
      const b: Organization = {
        words: [otherThan(rng, pools.organizationWords, a.words[0])],
        generic,
        formFamily: rng.int(pools.organizationForms.length),
      };
      const entry = makeEntry(rng, id, { schema: 'organization', names: [writeOrganization(a, rng)] });
      return {
        query: { schema: 'organization', name: writeOrganization(b, rng) },
        entry,
        reason: `another company: only the generic words "${generic.join(' ')}" (and perhaps the legal form) are shared`,
      };
    },
  },
  {
    category: 'neg_generic_only',
    expected: false,
    make: (rng, id) => {
      // Common words shared in part name no one: the query's second group of words is not the alias'.
      const first = rng.pick(pools.organizationGeneric);
      const second = otherThan(rng, pools.organizationGeneric, first);
      const a: Organization = {
        words: [],
        generic: [...first.split(' '), ...second.split(' ')],
        formFamily: rng.int(pools.organizationForms.length),
      };
      const third = otherThan(
        rng,
        pools.organizationGeneric.filter((g) => g !== first),
        second,
      );
      const b: Organization = {
        words: [],
        generic: [...first.split(' '), ...third.split(' ')],
        formFamily: otherThan(rng, [0, 1, 2, 3, 4, 5, 6, 7], a.formFamily),
      };
      const entry = makeEntry(rng, id, {
        schema: 'organization',
        names: [`${rng.pick(pools.organizationWords)} ${writeOrganization(a, rng)}`],
        weakAliases: [writeOrganization(a, rng)],
      });
      return {
        query: { schema: 'organization', name: writeOrganization(b, rng) },
        entry,
        reason:
          'another company: names of common words and a legal form that share only some words ("GLOBAL TRADING CORP" vs "GLOBAL SHIPPING LTD") name no one; the listed company has a distinctive name besides its generic weak alias',
      };
    },
  },
  {
    category: 'neg_birth_date',
    expected: false,
    make: (rng, id) => {
      const arabic = rng.chance(0.5);
      const a = arabicPerson(rng);
      const r = russianPerson(rng);
      const listedYear = 1945 + rng.int(40);
      const queryYear = listedYear + (rng.chance(0.5) ? -1 : 1) * (3 + rng.int(20));
      const entry = makeEntry(rng, id, {
        schema: 'person',
        names: [arabic ? writeArabicLatin(a, 'english', rng) : writeRussian(r, 'bgn')],
        birth: birthDate(rng, listedYear, listedYear),
      });
      const query: MatchQuery = {
        schema: 'person',
        name: arabic
          ? writeArabicLatin(a, rng.pick(arabicStyles), rng)
          : writeRussian(r, rng.pick([...cyrillicStyles, 'cyrillic' as const])),
        birth_date: rng.chance(0.5) ? String(queryYear) : birthDate(rng, queryYear, queryYear),
      };
      return { query, entry, reason: `a namesake: the same name, born ${queryYear} where the listed person was born ${listedYear}` };
    },
  },
  {
    category: 'neg_nationality',
    expected: false,
    make: (rng, id) => {
      const culture = rng.int(3);
      const listed = rng.pick(pools.nationalities);
      const other = otherThan(rng, pools.nationalities, listed);
      let entryName: string;
      let queryName: string;
      if (culture === 0) {
        const a = arabicPerson(rng);
        [entryName, queryName] = [writeArabicLatin(a, 'english', rng), writeArabicLatin(a, rng.pick(arabicStyles), rng)];
      } else if (culture === 1) {
        const p: HispanicPerson = {
          given: [rng.pick(pools.hispanicGiven)],
          paternal: rng.pick(pools.hispanicSurnames),
          maternal: rng.pick(pools.hispanicSurnames),
        };
        [entryName, queryName] = [writeHispanic(p, rng), writeHispanic(p, rng)];
      } else {
        const p: WestAfricanPerson = {
          given: rng.pick(pools.westAfricanGiven),
          second: null,
          surname: rng.pick(pools.westAfricanSurnames),
        };
        [entryName, queryName] = [writeWestAfrican(p, rng), writeWestAfrican(p, rng, { anglicize: rng.chance(0.5) })];
      }
      const entry = makeEntry(rng, id, { schema: 'person', names: [entryName], nationality: listed });
      return {
        query: { schema: 'person', name: queryName, nationality: other },
        entry,
        reason: `a namesake: the same name, a national of ${other} where the listed person is of ${listed}`,
      };
    },
  },
  {
    category: 'neg_legal_form_only',
    expected: false,
    make: (rng, id) => {
      const org: Organization = {
        words: [rng.pick(pools.organizationWords)],
        generic: rng.pick(pools.organizationGeneric).split(' '),
        formFamily: rng.int(pools.organizationForms.length),
      };
      const form = rng.pick(pools.organizationForms[org.formFamily]);
      const entry = makeEntry(rng, id, { schema: 'organization', names: [writeOrganization(org, rng)] });
      const name = rng.chance(0.3) ? `${form} ${rng.pick(['Ltda', 'ME', 'EPP', 'Inc.', 'Co.'])}` : form;
      return { query: { schema: 'organization', name }, entry, reason: `a legal form alone ("${name}") names no company` };
    },
  },
];

/** The whole set, in category order; the same seed gives the same file. */
export function buildWatchlistEvaluationSet(seed = evaluationSeed, perCategory = pairsPerCategory): EvaluationPair[] {
  const pairs: EvaluationPair[] = [];
  for (const rule of rules) {
    const rng = new Prng(`${seed}:${rule.category}`);
    for (let n = 0; n < perCategory; n++) {
      const id = `${rule.category}-${String(n + 1).padStart(4, '0')}`;
      const { query, entry, reason } = rule.make(rng, id);
      pairs.push({ id, category: rule.category, query, entry, expected_match: rule.expected, reason });
    }
  }
  return pairs;
}

export function serializeEvaluationSet(pairs: readonly EvaluationPair[]): string {
  return pairs.map((p) => JSON.stringify(p)).join('\n') + '\n';
}

/**
 * A synthetic list of `count` entries across the cultures above (a tenth organizations), for the
 * matching bench: names are drawn from the same pools, so candidates per query are as crowded as
 * a list of that size of such names would be.
 */
export function buildSyntheticWatchlist(count: number, seed = 'synthetic-watchlist-v1'): WatchlistEntry[] {
  const rng = new Prng(seed);
  const entries: WatchlistEntry[] = [];
  for (let n = 0; n < count; n++) {
    const id = `S${String(n + 1).padStart(7, '0')}`;
    const kind = rng.int(10);
    let parts: EntryParts;
    if (kind === 0) {
      const org: Organization = {
        words: [rng.pick(pools.organizationWords), ...(rng.chance(0.5) ? [rng.pick(pools.organizationWords)] : [])],
        generic: rng.pick(pools.organizationGeneric).split(' '),
        formFamily: rng.int(pools.organizationForms.length),
      };
      parts = { schema: 'organization', names: [writeOrganization(org, rng)] };
    } else if (kind <= 3) {
      const p = arabicPerson(rng);
      parts = {
        schema: 'person',
        names: [writeArabicLatin(p, 'english', rng), writeArabicLatin(p, rng.pick(arabicStyles), rng)],
        weakAliases: [`Abu ${romanizeArabicWord(rng.pick(pools.arabicGiven), 'english', rng)}`],
        ...personBase(rng),
      };
    } else if (kind <= 5) {
      parts = { schema: 'person', names: [writeRussian(russianPerson(rng), rng.pick(cyrillicStyles))], ...personBase(rng) };
    } else if (kind === 6) {
      parts = {
        schema: 'person',
        names: [
          writeChinese(
            {
              surname: rng.pick(pools.chineseSurnames),
              given: [rng.pick(pools.chineseGivenSyllables), rng.pick(pools.chineseGivenSyllables)],
            },
            rng,
            false,
          ),
        ],
        ...personBase(rng),
      };
    } else if (kind === 7) {
      parts = {
        schema: 'person',
        names: [
          writeHispanic(
            {
              given: [rng.pick(pools.hispanicGiven)],
              paternal: rng.pick(pools.hispanicSurnames),
              maternal: rng.pick(pools.hispanicSurnames),
            },
            rng,
          ),
        ],
        ...personBase(rng),
      };
    } else if (kind === 8) {
      parts = {
        schema: 'person',
        names: [
          writePortuguese(
            {
              given: rng.pick(pools.portugueseGiven),
              middle: rng.chance(0.5) ? rng.pick(pools.portugueseMiddle) : null,
              surnames: [rng.pick(pools.portugueseSurnames), rng.pick(pools.portugueseSurnames)],
            },
            rng,
          ),
        ],
        ...personBase(rng),
      };
    } else {
      parts = {
        schema: 'person',
        names: [
          writeWestAfrican({ given: rng.pick(pools.westAfricanGiven), second: null, surname: rng.pick(pools.westAfricanSurnames) }, rng),
        ],
        ...personBase(rng),
      };
    }
    entries.push(makeEntry(rng, id, { ...parts, nationality: parts.nationality ?? rng.pick(pools.nationalities) }));
  }
  return entries;
}

if (require.main === module) {
  const file = path.join(__dirname, '..', evaluationSetPath);
  mkdirSync(path.dirname(file), { recursive: true });
  const pairs = buildWatchlistEvaluationSet();
  writeFileSync(file, serializeEvaluationSet(pairs));
  process.stdout.write(
    `${JSON.stringify({ file: evaluationSetPath, pairs: pairs.length, positives: pairs.filter((p) => p.expected_match).length })}\n`,
  );
}
