import { normalizeName } from '../names/normalize-name';

/**
 * Country names as the lists print them → ISO 3166-1 alpha-2. The UN list (NATIONALITY/VALUE)
 * and OFAC (nationality/citizenship country) name countries in English, often in their long or
 * older forms; Receita Federal's partner registry names them in Portuguese (for screening a
 * foreign partner, docs/watchlists.md). Names are looked up normalized (accents, case and
 * punctuation folded), so one spelling covers "Côte d'Ivoire" and "COTE D IVOIRE".
 */

/** Every officially assigned ISO 3166-1 alpha-2 code (what a query's `nationality` may be). */
export const isoCountryCodes = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE', 'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ',
  'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS',
  'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ',
  'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV',
  'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const;
export type IsoCountryCode = (typeof isoCountryCodes)[number];

const isoCodeSet: ReadonlySet<string> = new Set(isoCountryCodes);

/** code → the spellings met on the lists (English, long and older forms) and in Brazil's registries (Portuguese). */
const spellings: Record<string, string[]> = {
  AF: ['Afghanistan', 'Islamic Republic of Afghanistan', 'Afeganistão'],
  AL: ['Albania', 'Albânia'],
  DZ: ['Algeria', 'Argélia'],
  AO: ['Angola'],
  AR: ['Argentina'],
  AM: ['Armenia', 'Armênia'],
  AU: ['Australia', 'Austrália'],
  AT: ['Austria', 'Áustria'],
  AZ: ['Azerbaijan', 'Azerbaijão'],
  BH: ['Bahrain', 'Bahrein', 'Barein'],
  BD: ['Bangladesh'],
  BY: ['Belarus', 'Bielorrússia', 'Belarus (Bielorrússia)'],
  BE: ['Belgium', 'Bélgica'],
  BO: ['Bolivia', 'Plurinational State of Bolivia', 'Bolívia'],
  BA: ['Bosnia and Herzegovina', 'Bósnia e Herzegovina', 'Bósnia-Herzegovina'],
  BR: ['Brazil', 'Brasil'],
  BG: ['Bulgaria', 'Bulgária'],
  BF: ['Burkina Faso'],
  BI: ['Burundi'],
  KH: ['Cambodia', 'Camboja'],
  CM: ['Cameroon', 'Camarões'],
  CA: ['Canada', 'Canadá'],
  CF: ['Central African Republic', 'República Centro-Africana'],
  TD: ['Chad', 'Chade'],
  CL: ['Chile'],
  CN: ['China', "People's Republic of China", 'China, República Popular'],
  CO: ['Colombia', 'Colômbia'],
  CD: ['Democratic Republic of the Congo', 'Congo, Democratic Republic of the', 'Democratic Republic of Congo', 'Congo, República Democrática do', 'República Democrática do Congo'],
  CG: ['Congo', 'Republic of the Congo', 'Congo, Republic of the'],
  CI: ["Côte d'Ivoire", 'Cote d Ivoire', 'Ivory Coast', 'Costa do Marfim'],
  HR: ['Croatia', 'Croácia'],
  CU: ['Cuba'],
  CY: ['Cyprus', 'Chipre'],
  CZ: ['Czech Republic', 'Czechia', 'República Tcheca', 'Tchéquia'],
  DK: ['Denmark', 'Dinamarca'],
  DO: ['Dominican Republic', 'República Dominicana'],
  EC: ['Ecuador', 'Equador'],
  EG: ['Egypt', 'Egito'],
  SV: ['El Salvador'],
  ER: ['Eritrea', 'Eritreia'],
  EE: ['Estonia', 'Estônia'],
  ET: ['Ethiopia', 'Etiópia'],
  FI: ['Finland', 'Finlândia'],
  FR: ['France', 'França'],
  GE: ['Georgia', 'Geórgia'],
  DE: ['Germany', 'Alemanha'],
  GH: ['Ghana', 'Gana'],
  GR: ['Greece', 'Grécia'],
  GT: ['Guatemala'],
  GN: ['Guinea', 'Guiné'],
  GW: ['Guinea-Bissau', 'Guiné-Bissau'],
  HT: ['Haiti'],
  HN: ['Honduras'],
  HK: ['Hong Kong', 'Hong Kong, China'],
  HU: ['Hungary', 'Hungria'],
  IN: ['India', 'Índia'],
  ID: ['Indonesia', 'Indonésia'],
  IR: ['Iran', 'Iran (Islamic Republic of)', 'Islamic Republic of Iran', 'Irã', 'Irã, República Islâmica do', 'Irão'],
  IQ: ['Iraq', 'Iraque'],
  IE: ['Ireland', 'Irlanda'],
  IL: ['Israel'],
  IT: ['Italy', 'Itália'],
  JM: ['Jamaica'],
  JP: ['Japan', 'Japão'],
  JO: ['Jordan', 'Jordânia'],
  KZ: ['Kazakhstan', 'Cazaquistão'],
  KE: ['Kenya', 'Quênia'],
  KP: ["Democratic People's Republic of Korea", 'North Korea', 'Korea, North', "Korea, Democratic People's Republic of", 'Coreia do Norte', 'Coreia, República Popular Democrática da'],
  KR: ['Republic of Korea', 'South Korea', 'Korea, South', 'Korea, Republic of', 'Coreia do Sul', 'Coreia, República da'],
  KW: ['Kuwait', 'Kuaite'],
  KG: ['Kyrgyzstan', 'Quirguistão'],
  LA: ["Lao People's Democratic Republic", 'Laos'],
  LV: ['Latvia', 'Letônia'],
  LB: ['Lebanon', 'Líbano'],
  LR: ['Liberia', 'Libéria'],
  LY: ['Libya', 'Libyan Arab Jamahiriya', 'Líbia'],
  LT: ['Lithuania', 'Lituânia'],
  LU: ['Luxembourg', 'Luxemburgo'],
  MY: ['Malaysia', 'Malásia'],
  ML: ['Mali'],
  MT: ['Malta'],
  MR: ['Mauritania', 'Mauritânia'],
  MX: ['Mexico', 'México'],
  MD: ['Moldova', 'Republic of Moldova', 'Moldávia'],
  MN: ['Mongolia', 'Mongólia'],
  ME: ['Montenegro'],
  MA: ['Morocco', 'Marrocos'],
  MZ: ['Mozambique', 'Moçambique'],
  MM: ['Myanmar', 'Burma', 'Mianmar', 'Birmânia'],
  NL: ['Netherlands', 'The Netherlands', 'Países Baixos', 'Holanda'],
  NZ: ['New Zealand', 'Nova Zelândia'],
  NI: ['Nicaragua', 'Nicarágua'],
  NE: ['Niger', 'Níger'],
  NG: ['Nigeria', 'Nigéria'],
  MK: ['North Macedonia', 'The former Yugoslav Republic of Macedonia', 'Macedonia', 'Macedônia do Norte'],
  NO: ['Norway', 'Noruega'],
  OM: ['Oman', 'Omã'],
  PK: ['Pakistan', 'Paquistão'],
  PS: ['Palestine', 'State of Palestine', 'Palestinian', 'West Bank', 'Gaza', 'Palestina'],
  PA: ['Panama', 'Panamá'],
  PY: ['Paraguay', 'Paraguai'],
  PE: ['Peru'],
  PH: ['Philippines', 'Filipinas'],
  PL: ['Poland', 'Polônia'],
  PT: ['Portugal'],
  QA: ['Qatar', 'Catar'],
  RO: ['Romania', 'Romênia'],
  RU: ['Russia', 'Russian Federation', 'Rússia', 'Federação Russa', 'Rússia, Federação da'],
  RW: ['Rwanda', 'Ruanda'],
  SA: ['Saudi Arabia', 'Kingdom of Saudi Arabia', 'Arábia Saudita'],
  SN: ['Senegal'],
  RS: ['Serbia', 'Sérvia'],
  SL: ['Sierra Leone', 'Serra Leoa'],
  SG: ['Singapore', 'Singapura', 'Cingapura'],
  SK: ['Slovakia', 'Eslováquia'],
  SI: ['Slovenia', 'Eslovênia'],
  SO: ['Somalia', 'Somália'],
  ZA: ['South Africa', 'África do Sul'],
  SS: ['South Sudan', 'Sudão do Sul'],
  ES: ['Spain', 'Espanha'],
  LK: ['Sri Lanka'],
  SD: ['Sudan', 'Sudão'],
  SE: ['Sweden', 'Suécia'],
  CH: ['Switzerland', 'Suíça'],
  SY: ['Syria', 'Syrian Arab Republic', 'Síria'],
  TW: ['Taiwan', 'Formosa'],
  TJ: ['Tajikistan', 'Tadjiquistão', 'Tajiquistão'],
  TZ: ['Tanzania', 'United Republic of Tanzania', 'Tanzânia'],
  TH: ['Thailand', 'Tailândia'],
  TN: ['Tunisia', 'Tunísia'],
  TR: ['Turkey', 'Türkiye', 'Turquia'],
  TM: ['Turkmenistan', 'Turcomenistão'],
  UG: ['Uganda'],
  UA: ['Ukraine', 'Ucrânia'],
  AE: ['United Arab Emirates', 'Emirados Árabes Unidos'],
  GB: ['United Kingdom', 'United Kingdom of Great Britain and Northern Ireland', 'Great Britain', 'UK', 'Reino Unido', 'Grã-Bretanha'],
  US: ['United States', 'United States of America', 'USA', 'Estados Unidos', 'Estados Unidos da América'],
  UY: ['Uruguay', 'Uruguai'],
  UZ: ['Uzbekistan', 'Uzbequistão'],
  VE: ['Venezuela', 'Bolivarian Republic of Venezuela', 'Venezuela (Bolivarian Republic of)'],
  VN: ['Viet Nam', 'Vietnam', 'Vietnã'],
  YE: ['Yemen', 'Iêmen'],
  ZM: ['Zambia', 'Zâmbia'],
  ZW: ['Zimbabwe', 'Zimbábue'],
};

const byName: ReadonlyMap<string, string> = new Map(
  Object.entries(spellings).flatMap(([code, names]) => names.map((name) => [normalizeName(name), code] as const)),
);

/** Whether `code` is an assigned ISO 3166-1 alpha-2 code (upper case). */
export function isIsoCountryCode(code: string): code is IsoCountryCode {
  return isoCodeSet.has(code);
}

/**
 * The alpha-2 code of a country as a list or registry names it, or undefined when the table
 * does not know the name (the entry keeps no nationality rather than a guessed one). A value
 * that is already a code is taken as one.
 */
export function countryCodeOf(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const trimmed = name.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isoCodeSet.has(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const key = normalizeName(trimmed).replace(/^THE /, '');
  return byName.get(key);
}
