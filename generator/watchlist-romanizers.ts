import type { Prng } from './prng';

/**
 * How publishers, passports and press romanize the names of the watchlist evaluation set. These
 * rules are the generator's own (from the romanization systems themselves: English-language
 * press, French, scholarly with diacritics, BGN/PCGN, ICAO 9303, German, Ukrainian national,
 * Wade-Giles), written without looking at the matcher's tables: the evaluation measures whether
 * the matcher equates what these systems produce.
 */

// ---- Arabic: names written as phonemes, one character each ----
// consonants: b t 0=th j H=ḥ x=kh d 9=dh r z s c=sh S=ṣ D=ḍ T=ṭ Z=ẓ 3=ʿ G=gh f q k l m n h w y 2=ʾ
// vowels: a i u (short) A I U (long); @ = tāʾ marbūṭa.
export type ArabicStyle = 'english' | 'french' | 'scholarly' | 'loose';
export const arabicStyles: readonly ArabicStyle[] = ['english', 'french', 'scholarly', 'loose'];

const arabicScript: Record<string, string> = {
  b: 'ب',
  t: 'ت',
  '0': 'ث',
  j: 'ج',
  H: 'ح',
  x: 'خ',
  d: 'د',
  '9': 'ذ',
  r: 'ر',
  z: 'ز',
  s: 'س',
  c: 'ش',
  S: 'ص',
  D: 'ض',
  T: 'ط',
  Z: 'ظ',
  '3': 'ع',
  G: 'غ',
  f: 'ف',
  q: 'ق',
  k: 'ك',
  l: 'ل',
  m: 'م',
  n: 'ن',
  h: 'ه',
  w: 'و',
  y: 'ي',
  A: 'ا',
  I: 'ي',
  U: 'و',
  '@': 'ة',
};

const sunLetters = new Set(['t', '0', 'd', '9', 'r', 'z', 's', 'c', 'S', 'D', 'T', 'Z', 'l', 'n']);

const arabicLatin: Record<ArabicStyle, Record<string, readonly string[]>> = {
  english: {
    H: ['h'],
    x: ['kh'],
    '0': ['th'],
    '9': ['dh', 'z'],
    c: ['sh'],
    S: ['s'],
    D: ['d'],
    T: ['t'],
    Z: ['z', 'dh'],
    '3': ['', "'"],
    G: ['gh'],
    q: ['q'],
    j: ['j'],
    '2': [''],
    w: ['w'],
    y: ['y'],
    a: ['a'],
    i: ['i'],
    u: ['u'],
    A: ['a'],
    I: ['i', 'ee'],
    U: ['u', 'oo'],
    '@': ['a', 'ah'],
  },
  french: {
    H: ['h'],
    x: ['kh'],
    '0': ['th', 't'],
    '9': ['dh', 'd'],
    c: ['ch'],
    S: ['s'],
    D: ['d'],
    T: ['t'],
    Z: ['z'],
    '3': [''],
    G: ['gh'],
    q: ['k', 'q'],
    j: ['dj'],
    '2': [''],
    w: ['ou', 'w'],
    y: ['y'],
    a: ['a', 'e'],
    i: ['i'],
    u: ['ou'],
    A: ['a'],
    I: ['i'],
    U: ['ou'],
    '@': ['a'],
  },
  scholarly: {
    H: ['ḥ'],
    x: ['kh'],
    '0': ['th'],
    '9': ['dh'],
    c: ['sh'],
    S: ['ṣ'],
    D: ['ḍ'],
    T: ['ṭ'],
    Z: ['ẓ'],
    '3': ['ʿ'],
    G: ['gh'],
    q: ['q'],
    j: ['j'],
    '2': ['ʾ'],
    w: ['w'],
    y: ['y'],
    a: ['a'],
    i: ['i'],
    u: ['u'],
    A: ['ā'],
    I: ['ī'],
    U: ['ū'],
    '@': ['a'],
  },
  loose: {
    H: ['h'],
    x: ['kh', 'h'],
    '0': ['s', 'th'],
    '9': ['z'],
    c: ['sh'],
    S: ['s'],
    D: ['d', 'z'],
    T: ['t'],
    Z: ['z'],
    '3': [''],
    G: ['gh', 'g'],
    q: ['q', 'k'],
    j: ['j', 'g'],
    '2': [''],
    w: ['w'],
    y: ['y'],
    a: ['a', 'e'],
    i: ['i', 'e'],
    u: ['u', 'o'],
    A: ['a'],
    I: ['i', 'ee'],
    U: ['u', 'oo', 'o'],
    '@': ['a', 'ah'],
  },
};

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A word's phonemes romanized in a style; geminates doubled or (in loose and French) sometimes not. */
export function romanizeArabicWord(phonemes: string, style: ArabicStyle, rng: Prng): string {
  const table = arabicLatin[style];
  let out = '';
  for (let k = 0; k < phonemes.length; k++) {
    const p = phonemes[k];
    if (p === phonemes[k + 1] && !'aiuAIU'.includes(p)) {
      const single = (style === 'loose' || style === 'french') && rng.chance(0.4);
      const latin = table[p] ? rng.pick(table[p]) : p;
      out += single ? latin : latin + latin;
      k++;
      continue;
    }
    if (p === '2' && k === 0) continue;
    out += table[p] ? rng.pick(table[p]) : p;
  }
  return capitalize(out);
}

/** Arabic script of a word: consonants and long vowels written, short vowels and doubling not. */
export function arabicScriptWord(phonemes: string): string {
  let out = '';
  for (let k = 0; k < phonemes.length; k++) {
    const p = phonemes[k];
    if (p === phonemes[k + 1] && !'aiuAIU'.includes(p)) continue;
    if (p === '2') {
      const next = phonemes[k + 1];
      out += k === 0 ? (next === 'i' ? 'إ' : 'أ') : 'ء';
      continue;
    }
    if ('aiu'.includes(p)) continue;
    if (p === 'A' && k === 0) out += 'آ';
    else out += arabicScript[p] ?? '';
  }
  return out;
}

/** "al" + a word: al-, el-, Al, joined, assimilated (ash-Shami) or dropped. */
export function romanizeArticle(word: string, phonemes: string, style: ArabicStyle, rng: Prng): string {
  const sun = sunLetters.has(phonemes[0]);
  const choice = rng.int(style === 'scholarly' ? 2 : 6);
  if (choice === 0) return `al-${word}`;
  if (choice === 1)
    return sun && style === 'scholarly' ? `a${word.charAt(0).toLowerCase()}${word.charAt(1) === 'h' ? 'h' : ''}-${word}` : `Al ${word}`;
  if (choice === 2) return style === 'french' ? `el-${word}` : `Al-${word}`;
  if (choice === 3) return `Al${word.toLowerCase()}`;
  if (choice === 4) return sun ? `a${word.charAt(0).toLowerCase()}-${word}` : `al ${word}`;
  return word;
}

/** "ʿAbd al-Raḥmān": Abd al-Rahman, Abdul Rahman, Abdulrahman, Abdel Rahman, Abderrahmane, Abd-ur-Rahman. */
export function romanizeAbdCompound(second: string, phonemes: string, style: ArabicStyle, rng: Prng): string {
  const sun = sunLetters.has(phonemes[0]);
  const lower = second.toLowerCase();
  const first = lower.charAt(0);
  const options = [
    `Abd al-${second}`,
    `Abdul ${second}`,
    `Abdul${lower}`,
    `Abdel ${second}`,
    sun ? `Abd${style === 'french' ? 'e' : 'u'}${first}${lower}` : `Abdel${lower}`,
    sun ? `Abd-ur-${second}`.replace('ur-', `u${first}-`) : `Abd-al-${second}`,
  ];
  return style === 'scholarly' ? `ʿAbd al-${second}` : rng.pick(options);
}

// ---- Cyrillic ----
export type CyrillicStyle = 'bgn' | 'icao' | 'french' | 'german' | 'scholarly';
export const cyrillicStyles: readonly CyrillicStyle[] = ['bgn', 'icao', 'french', 'german', 'scholarly'];

const cyrillicBase: Record<string, string> = {
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
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
};

const cyrillicStyle: Record<CyrillicStyle, Record<string, string>> = {
  bgn: { ...cyrillicBase, ё: 'yo' },
  icao: { ...cyrillicBase, й: 'i', ю: 'iu', я: 'ia', ъ: 'ie' },
  french: { ...cyrillicBase, ж: 'j', у: 'ou', ш: 'ch', щ: 'chtch', ч: 'tch', й: 'i', ю: 'iou', я: 'ia', х: 'kh', ы: 'y' },
  german: {
    ...cyrillicBase,
    в: 'w',
    ж: 'sch',
    з: 's',
    ш: 'sch',
    щ: 'schtsch',
    ч: 'tsch',
    х: 'ch',
    ц: 'z',
    й: 'j',
    ю: 'ju',
    я: 'ja',
    ы: 'y',
  },
  scholarly: { ...cyrillicBase, ж: 'ž', х: 'h', ц: 'c', ч: 'č', ш: 'š', щ: 'šč', й: 'j', ю: 'ju', я: 'ja', ы: 'y', ь: 'ʹ' },
};

/** Ukrainian national romanization (2010): г → h, и → y, initial є/ї/й/ю/я as ye/yi/y/yu/ya. */
const ukrainianNational: Record<string, string> = { ...cyrillicBase, г: 'h', и: 'y', і: 'i', ї: 'i', є: 'ie', й: 'i', ю: 'iu', я: 'ia' };
const ukrainianInitial: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

export function romanizeCyrillicWord(word: string, style: CyrillicStyle | 'ukrainian'): string {
  const table = style === 'ukrainian' ? ukrainianNational : cyrillicStyle[style];
  let out = '';
  const lower = word.toLowerCase();
  for (let k = 0; k < lower.length; k++) {
    const c = lower[k];
    // "-ий" endings: BGN "-iy", ICAO "-ii", French "-i", German "-ij".
    if (c === 'и' && lower[k + 1] === 'й' && k + 2 === lower.length && style !== 'ukrainian') {
      out += { bgn: 'iy', icao: 'ii', french: 'i', german: 'ij', scholarly: 'ij' }[style];
      break;
    }
    if (style === 'ukrainian' && k === 0 && ukrainianInitial[c]) out += ukrainianInitial[c];
    else out += table[c] ?? c;
  }
  // French and German keep the -off / -ow endings of emigré spellings.
  if (style === 'french' && out.endsWith('ov') && lower.endsWith('ов')) out = `${out.slice(0, -2)}off`;
  return capitalize(out);
}

// ---- Chinese: pinyin syllables and their Wade-Giles spellings ----
const wadeGiles: Record<string, string> = {
  zhang: 'chang',
  wang: 'wang',
  li: 'li',
  liu: 'liu',
  chen: "ch'en",
  yang: 'yang',
  zhao: 'chao',
  huang: 'huang',
  zhou: 'chou',
  wu: 'wu',
  xu: 'hsu',
  sun: 'sun',
  ma: 'ma',
  zhu: 'chu',
  hu: 'hu',
  guo: 'kuo',
  he: 'ho',
  lin: 'lin',
  gao: 'kao',
  luo: 'lo',
  zheng: 'cheng',
  liang: 'liang',
  xie: 'hsieh',
  song: 'sung',
  tang: "t'ang",
  han: 'han',
  feng: 'feng',
  deng: 'teng',
  cao: "ts'ao",
  peng: "p'eng",
  zeng: 'tseng',
  xiao: 'hsiao',
  tian: "t'ien",
  dong: 'tung',
  jiang: 'chiang',
  du: 'tu',
  ye: 'yeh',
  wei: 'wei',
  su: 'su',
  ding: 'ting',
  ren: 'jen',
  shen: 'shen',
  yao: 'yao',
  jin: 'chin',
  ping: "p'ing",
  ming: 'ming',
  hua: 'hua',
  jian: 'chien',
  qiang: "ch'iang",
  hong: 'hung',
  jun: 'chun',
  yong: 'yung',
  jie: 'chieh',
  tao: "t'ao",
  hai: 'hai',
  bo: 'po',
  de: 'te',
  qing: "ch'ing",
  zhi: 'chih',
  xin: 'hsin',
  lei: 'lei',
  gang: 'kang',
  hui: 'hui',
  yan: 'yen',
  mei: 'mei',
  fang: 'fang',
  ling: 'ling',
  xue: 'hsueh',
  rong: 'jung',
  zi: 'tzu',
  yu: 'yu',
  bin: 'pin',
  xiang: 'hsiang',
  kai: "k'ai",
  long: 'lung',
  quan: "ch'uan",
  sheng: 'sheng',
  yi: 'i',
  fei: 'fei',
  an: 'an',
};

export function wadeGilesOf(syllable: string): string {
  return wadeGiles[syllable] ?? syllable;
}

export { capitalize };
