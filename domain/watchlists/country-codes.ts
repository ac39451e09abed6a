import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json';
import portuguese from 'i18n-iso-countries/langs/pt.json';
import { normalizeName } from '../names/normalize-name';

/**
 * Country names as the lists and Brazil's registries print them → ISO 3166-1 alpha-2
 * (docs/watchlists.md, "Country names"). The names come from a maintained dataset
 * (`i18n-iso-countries`: every English and Portuguese name and alias of every code); what it does
 * not hold are the forms the publishers write. The UN list and OFAC name countries in English,
 * often in long or older forms; Receita Federal's country table writes Portuguese names upper
 * case, unaccented, abbreviated and inverted, the qualifier after a comma
 * (`SIRIA, REPUBLICA ARABE DA`, `COREIA, REP.POP.DEMOCRATICA`). A name is read in tiers, each
 * trying the written order, then the un-inverted one ("Y X" for "X, Y"):
 *   1. the publishers' own forms (below), then the dataset's names, with accents, case,
 *      punctuation and spaces folded ("Viet Nam" = "Vietnam", "TIMOR LESTE" = "Timor-Leste") and
 *      the registry's abbreviations spelled out (REP. → REPUBLICA);
 *   2. the same without what a parenthesis says ("Iran (Islamic Republic of)" → "Iran");
 *   3. the set of its words without the qualifiers of a state's formal name (republic, federation,
 *      kingdom, islands, Islamic, Arab, the articles…): `SIRIA, REPUBLICA ARABE DA` → {SIRIA}.
 *      Words that tell two countries apart (democratic, popular, north, south) are never dropped.
 * A name that two countries share at a tier ("Congo", "São Martinho") is no key at that tier: an
 * ambiguous name gives no code rather than a guess.
 */

/** Every officially assigned ISO 3166-1 alpha-2 code (what a query's `nationality` may be). */
export const isoCountryCodes = [
  'AD',
  'AE',
  'AF',
  'AG',
  'AI',
  'AL',
  'AM',
  'AO',
  'AQ',
  'AR',
  'AS',
  'AT',
  'AU',
  'AW',
  'AX',
  'AZ',
  'BA',
  'BB',
  'BD',
  'BE',
  'BF',
  'BG',
  'BH',
  'BI',
  'BJ',
  'BL',
  'BM',
  'BN',
  'BO',
  'BQ',
  'BR',
  'BS',
  'BT',
  'BV',
  'BW',
  'BY',
  'BZ',
  'CA',
  'CC',
  'CD',
  'CF',
  'CG',
  'CH',
  'CI',
  'CK',
  'CL',
  'CM',
  'CN',
  'CO',
  'CR',
  'CU',
  'CV',
  'CW',
  'CX',
  'CY',
  'CZ',
  'DE',
  'DJ',
  'DK',
  'DM',
  'DO',
  'DZ',
  'EC',
  'EE',
  'EG',
  'EH',
  'ER',
  'ES',
  'ET',
  'FI',
  'FJ',
  'FK',
  'FM',
  'FO',
  'FR',
  'GA',
  'GB',
  'GD',
  'GE',
  'GF',
  'GG',
  'GH',
  'GI',
  'GL',
  'GM',
  'GN',
  'GP',
  'GQ',
  'GR',
  'GS',
  'GT',
  'GU',
  'GW',
  'GY',
  'HK',
  'HM',
  'HN',
  'HR',
  'HT',
  'HU',
  'ID',
  'IE',
  'IL',
  'IM',
  'IN',
  'IO',
  'IQ',
  'IR',
  'IS',
  'IT',
  'JE',
  'JM',
  'JO',
  'JP',
  'KE',
  'KG',
  'KH',
  'KI',
  'KM',
  'KN',
  'KP',
  'KR',
  'KW',
  'KY',
  'KZ',
  'LA',
  'LB',
  'LC',
  'LI',
  'LK',
  'LR',
  'LS',
  'LT',
  'LU',
  'LV',
  'LY',
  'MA',
  'MC',
  'MD',
  'ME',
  'MF',
  'MG',
  'MH',
  'MK',
  'ML',
  'MM',
  'MN',
  'MO',
  'MP',
  'MQ',
  'MR',
  'MS',
  'MT',
  'MU',
  'MV',
  'MW',
  'MX',
  'MY',
  'MZ',
  'NA',
  'NC',
  'NE',
  'NF',
  'NG',
  'NI',
  'NL',
  'NO',
  'NP',
  'NR',
  'NU',
  'NZ',
  'OM',
  'PA',
  'PE',
  'PF',
  'PG',
  'PH',
  'PK',
  'PL',
  'PM',
  'PN',
  'PR',
  'PS',
  'PT',
  'PW',
  'PY',
  'QA',
  'RE',
  'RO',
  'RS',
  'RU',
  'RW',
  'SA',
  'SB',
  'SC',
  'SD',
  'SE',
  'SG',
  'SH',
  'SI',
  'SJ',
  'SK',
  'SL',
  'SM',
  'SN',
  'SO',
  'SR',
  'SS',
  'ST',
  'SV',
  'SX',
  'SY',
  'SZ',
  'TC',
  'TD',
  'TF',
  'TG',
  'TH',
  'TJ',
  'TK',
  'TL',
  'TM',
  'TN',
  'TO',
  'TR',
  'TT',
  'TV',
  'TW',
  'TZ',
  'UA',
  'UG',
  'UM',
  'US',
  'UY',
  'UZ',
  'VA',
  'VC',
  'VE',
  'VG',
  'VI',
  'VN',
  'VU',
  'WF',
  'WS',
  'YE',
  'YT',
  'ZA',
  'ZM',
  'ZW',
] as const;
export type IsoCountryCode = (typeof isoCountryCodes)[number];

const isoCodeSet: ReadonlySet<string> = new Set(isoCountryCodes);

/**
 * The publishers' forms that the dataset and the tiers do not reach — Receita Federal's Brazilian
 * Portuguese (the dataset's Portuguese is European: "Irão", "Vietname"), its older names and
 * qualifiers, and the lists' older English names — looked up before the dataset. The dataset's
 * Portuguese names of the two Congos are swapped (7.14.0): they are left out, and written here.
 */
const publisherForms: Record<string, string[]> = {
  BH: ['BAHREIN, ILHAS', 'BAREIN'],
  BY: ['BELARUS, REPUBLICA DA', 'BIELORRUSSIA, REPUBLICA DA'],
  CD: ['CONGO, REPUBLICA DEMOCRATICA DO', 'REPUBLICA DEMOCRATICA DO CONGO', 'ZAIRE'],
  CG: ['CONGO', 'CONGO, REPUBLICA DO', 'REPUBLICA DO CONGO'],
  CN: ['CHINA, REPUBLICA POPULAR', 'CHINA, REPUBLICA POPULAR DA'],
  CZ: ['TCHECA, REPUBLICA', 'TCHEQUIA'],
  GB: ['GRA-BRETANHA', 'INGLATERRA', 'UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND'],
  KG: ['QUIRGUIZ', 'QUIRGUIZIA'],
  HK: ['HONG KONG, CHINA', 'HONG KONG, REGIAO ADMINISTRATIVA ESPECIAL DA CHINA'],
  IR: ['IRA', 'IRA, REPUBLICA ISLAMICA DO'],
  KP: [
    'COREIA, REPUBLICA POPULAR DEMOCRATICA DA',
    'COREIA DO NORTE, REPUBLICA POPULAR DEMOCRATICA DA',
    "DEMOCRATIC PEOPLE'S REPUBLIC OF KOREA",
    "KOREA, DEMOCRATIC PEOPLE'S REPUBLIC OF",
  ],
  KR: ['COREIA, REPUBLICA DA', 'COREIA DO SUL, REPUBLICA DA'],
  KW: ['COVEITE', 'KUAITE'],
  LA: ['LAOS, REPUBLICA POPULAR DEMOCRATICA DO'],
  LY: ['LIBYAN ARAB JAMAHIRIYA'],
  MF: ['SAO MARTINHO, ILHA DE (PARTE FRANCESA)'],
  MK: ['MACEDONIA, ANTIGA REPUBLICA IUGOSLAVA DA', 'MACEDONIA', 'THE FORMER YUGOSLAV REPUBLIC OF MACEDONIA'],
  MM: ['BIRMANIA', 'BURMA'],
  MU: ['MAURICIO'],
  NL: ['HOLANDA'],
  PS: ['PALESTINA', 'PALESTINIAN', 'WEST BANK', 'GAZA'],
  QA: ['CATAR'],
  RU: ['FEDERACAO RUSSA'],
  SG: ['CINGAPURA'],
  SK: ['ESLOVACA', 'ESLOVAQUIA'],
  SX: ['SAO MARTINHO, ILHA DE (PARTE HOLANDESA)'],
  SZ: ['SUAZILANDIA'],
  TJ: ['TADJIQUISTAO'],
  TM: ['TURCOMENISTAO'],
  TT: ['TRINIDAD E TOBAGO'],
  TW: ['FORMOSA'],
  VA: ['VATICANO', 'VATICANO, ESTADO DA CIDADE DO'],
  VG: ['VIRGENS, ILHAS (BRITANICAS)'],
  VI: ['VIRGENS, ILHAS (E.U.A.)'],
  VN: ['VIETNA'],
};

/** Dataset names left out (wrong in the dataset's version): code → language → names. */
const datasetErrata: Record<string, string[]> = { CD: ['pt'], CG: ['pt'] };

/** The registry's abbreviations, spelled out before any comparison (`REP.POP.DEMOCRATICA`). */
const abbreviations: Record<string, string> = {
  REP: 'REPUBLICA',
  POP: 'POPULAR',
  DEM: 'DEMOCRATICA',
  DEMOCR: 'DEMOCRATICA',
  EST: 'ESTADO',
  FED: 'FEDERACAO',
  ANT: 'ANTIGA',
  UNID: 'UNIDA',
};

/** Words a state's formal name adds to its short name, in either language: left out at tier 3. */
const qualifiers: ReadonlySet<string> = new Set([
  'REPUBLICA',
  'FEDERACAO',
  'FEDERATIVA',
  'ESTADO',
  'REINO',
  'PRINCIPADO',
  'GRAO',
  'DUCADO',
  'SULTANATO',
  'ILHA',
  'ILHAS',
  'ISLAMICA',
  'ARABE',
  'CIDADE',
  'SOCIALISTA',
  'BOLIVARIANA',
  'PLURINACIONAL',
  'COOPERATIVA',
  'UNIDA',
  'DA',
  'DO',
  'DE',
  'DAS',
  'DOS',
  'REPUBLIC',
  'FEDERATION',
  'FEDERAL',
  'FEDERATED',
  'STATE',
  'KINGDOM',
  'PRINCIPALITY',
  'GRAND',
  'DUCHY',
  'SULTANATE',
  'ISLAND',
  'ISLANDS',
  'ISLAMIC',
  'ARAB',
  'CITY',
  'SOCIALIST',
  'BOLIVARIAN',
  'PLURINATIONAL',
  'COOPERATIVE',
  'OF',
  'THE',
]);

/** A name's words: accents, case and punctuation folded, abbreviations spelled out. */
const wordsOf = (text: string): string[] =>
  normalizeName(text)
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => abbreviations[w] ?? w);

/**
 * The keys of a name at each tier, the written order first. "X, Y (Z)" → tier 1 "XYZ", "YXZ";
 * tier 2 "XY", "YX"; tier 3 the sorted qualifier-free words of X, Y and Z, then of X and Y.
 */
function keysOf(name: string): [string[], string[], string[]] {
  const withoutParens = name.replace(/\([^)]*\)/g, ' ');
  const orders = (text: string): string[][] => {
    const comma = text.indexOf(',');
    const written = wordsOf(text);
    if (comma < 0) return [written];
    return [written, [...wordsOf(text.slice(comma + 1)), ...wordsOf(text.slice(0, comma))]];
  };
  const joined = (words: string[][]) => [...new Set(words.map((w) => w.join('')).filter((k) => k !== ''))];
  const core = (text: string) => [...new Set(wordsOf(text).filter((w) => !qualifiers.has(w)))].sort().join(' ');
  return [joined(orders(name)), joined(orders(withoutParens)), [...new Set([core(name), core(withoutParens)].filter((k) => k !== ''))]];
}

/** name key → code at one tier; a key two codes share is dropped (null). */
type Tier = Map<string, string | null>;

function addKey(tier: Tier, key: string, code: string): void {
  const known = tier.get(key);
  tier.set(key, known === undefined || known === code ? code : null);
}

function buildTiers(names: ReadonlyArray<readonly [string, string]>): Tier[] {
  const tiers: Tier[] = [new Map(), new Map(), new Map()];
  for (const [code, name] of names) keysOf(name).forEach((keys, i) => keys.forEach((key) => addKey(tiers[i], key, code)));
  return tiers;
}

countries.registerLocale(english);
countries.registerLocale(portuguese);

const datasetNames: ReadonlyArray<readonly [string, string]> = (['en', 'pt'] as const).flatMap((lang) =>
  Object.entries(countries.getNames(lang, { select: 'all' }))
    .filter(([code]) => isoCodeSet.has(code) && !(datasetErrata[code] ?? []).includes(lang))
    .flatMap(([code, names]) => names.map((name) => [code, name] as const)),
);

const publisherTiers = buildTiers(Object.entries(publisherForms).flatMap(([code, names]) => names.map((name) => [code, name] as const)));
const datasetTiers = buildTiers(datasetNames);

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isIsoCountryCode(code: string): code is IsoCountryCode {
  return isoCodeSet.has(code);
}

/**
 * The alpha-2 code of a country as a list or registry names it, or undefined when no tier knows
 * the name or it is ambiguous (no guessed nationality: an analysis reports the name as a
 * limitation, docs/watchlists.md). A value that is already a code is taken as one.
 */
export function countryCodeOf(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const trimmed = name.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isoCodeSet.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const keys = keysOf(trimmed);
  for (let tier = 0; tier < keys.length; tier += 1) {
    for (const table of [publisherTiers[tier], datasetTiers[tier]]) {
      const code = keys[tier].map((key) => table.get(key)).find((c) => typeof c === 'string');
      if (code) return code;
    }
  }
  return undefined;
}
