/**
 * Spelling variants of one name: the romanizations lists and passports print for the same
 * Arabic, Russian, Ukrainian, Chinese or West African name. Two tokens of one group agree as a
 * "spelling variant". Only spellings of the same name are grouped, never cognates (Yusuf and
 * Joseph, Ivan and John are different names on a document), and never a name with its diminutive.
 * The first spelling of each group is its key.
 */
const groups: readonly (readonly string[])[] = [
  // Arabic-origin given names
  [
    'muhammad',
    'mohammed',
    'mohamed',
    'mohamad',
    'muhammed',
    'mohammad',
    'muhamad',
    'mohamud',
    'muhamed',
    'mohammod',
    'mukhammad',
    'mukhammed',
    'magomed',
    'mehmet',
    'mehmed',
    'mohd',
  ],
  ['ahmad', 'ahmed', 'ahmet', 'akhmed', 'akhmad', 'achmed', 'ahmmed'],
  ['mahmud', 'mahmoud', 'mahmood', 'makhmud', 'mehmood'],
  ['hussein', 'husayn', 'hussain', 'husain', 'hussien', 'huseyn', 'husein', 'huseyin', 'hossein', 'hosein', 'gusein', 'husseyn'],
  ['hasan', 'hassan', 'khasan', 'hassen', 'hasson'],
  ['usama', 'osama', 'usamah', 'osamah', 'ousama', 'oussama'],
  ['yusuf', 'youssef', 'yousef', 'yussuf', 'yusef', 'yousuf', 'yousif', 'yosef', 'yussef', 'youcef', 'yusup', 'yusif'],
  ['umar', 'omar', 'omer', 'oumar', 'umer'],
  ['uthman', 'othman', 'osman', 'usman', 'ousmane', 'outhmane', 'usmon'],
  ['ibrahim', 'ebrahim', 'ibragim', 'brahim', 'ibraheem', 'ibrahima', 'ebrahima'],
  ['ismail', 'ismael', 'esmail', 'ismoil', 'ismayil', 'smail'],
  ['khalid', 'khaled', 'halid', 'khalit', 'chalid', 'kaled'],
  ['mustafa', 'mostafa', 'moustafa', 'mustapha', 'moustapha', 'mostapha'],
  ['said', 'saeed', 'sayed', 'saied', 'sayyid', 'sayid', 'saiid', 'seyed', 'seyyed', 'sayeed'],
  ['salih', 'saleh', 'salekh', 'salah', 'saaleh'],
  ['yahya', 'yahia', 'yehia', 'yahiya', 'yehya', 'iahia'],
  ['jamal', 'gamal', 'djamel', 'jamel', 'djamal', 'dzhamal'],
  ['qasim', 'kassem', 'qassem', 'kasim', 'qassim', 'kasem', 'gasim'],
  ['faisal', 'faysal', 'feisal', 'faycal', 'faical'],
  ['zayd', 'zaid', 'zeid', 'zeyd'],
  ['jafar', 'jaafar', 'gafar', 'djafar', 'jafer'],
  ['tariq', 'tarek', 'tarik', 'tareq'],
  ['walid', 'waleed', 'oualid', 'ualid'],
  ['hisham', 'hicham', 'hesham', 'hischam'],
  ['yasir', 'yasser', 'yaser', 'yassir', 'iasir'],
  ['nasir', 'nasser', 'naser', 'nassir', 'nacer'],
  ['abubakar', 'abubakr', 'aboubakar', 'boubacar', 'abubakir', 'aboubacar'],
  ['sulayman', 'suleiman', 'sulaiman', 'suleyman', 'soliman', 'souleymane', 'sulejman', 'suleman', 'sulaymon'],
  ['musa', 'moussa', 'mousa', 'mussa', 'moosa'],
  ['isa', 'issa', 'eesa', 'aissa'],
  ['aisha', 'aysha', 'ayesha', 'aicha', 'aishah', 'aishat'],
  ['fatima', 'fatimah', 'fatma', 'fatimata', 'fatoumata', 'fatuma'],
  ['abdulaziz', 'abdelaziz'],
  ['hamza', 'hamzah', 'hamzat'],
  ['karim', 'kareem', 'kerim'],
  ['rahman', 'rehman', 'rakhman', 'rahmon'],
  ['ali', 'aly', 'alee'],
  ['mamadou', 'mamadu', 'mohamadou', 'mahamadou', 'muhammadu'],
  ['amadou', 'ahmadou', 'hamadou', 'amadu'],
  ['abdoulaye', 'abdullahi', 'abdulahi', 'abdoullahi'],
  // Russian and Ukrainian given names: BGN/PCGN, French, German, passport spellings, Ukrainian form
  ['aleksandr', 'alexander', 'alexandr', 'aleksander', 'alexandre', 'oleksandr', 'aleksandar', 'alaksandr'],
  ['aleksey', 'alexei', 'aleksei', 'alexey', 'alexej', 'aleksej', 'oleksiy', 'oleksii', 'oleksij'],
  ['sergey', 'sergei', 'serguei', 'sergej', 'serhiy', 'serhii', 'sergii', 'sergiy'],
  ['yuriy', 'yuri', 'yury', 'iouri', 'juri', 'jurij', 'yurii', 'yurij', 'iurii', 'youri'],
  ['vladimir', 'wladimir', 'volodymyr', 'vladimyr', 'wolodymyr'],
  ['dmitriy', 'dmitri', 'dmitry', 'dmitrij', 'dimitri', 'dmytro', 'dimitriy', 'dmitrii'],
  ['andrey', 'andrei', 'andrej', 'andriy', 'andrii', 'andrij'],
  ['nikolay', 'nikolai', 'nicolai', 'mykola', 'nikolaj'],
  ['mikhail', 'michail', 'mikhayl', 'mykhailo', 'mikhael', 'mychajlo'],
  ['yevgeniy', 'evgeny', 'evgeni', 'yevgeny', 'evgeniy', 'ievgen', 'yevhen', 'evgenij', 'jewgeni', 'yevgeni', 'evgenii'],
  ['grigoriy', 'grigori', 'grigory', 'hryhoriy', 'grigorij', 'hryhorii'],
  ['igor', 'ihor'],
  ['oleg', 'oleh'],
  ['anatoliy', 'anatoli', 'anatoly', 'anatolii', 'anatolij'],
  ['vitaliy', 'vitali', 'vitaly', 'vitalii', 'vitalij'],
  ['valeriy', 'valeri', 'valery', 'valerii', 'valerij'],
  ['gennadiy', 'gennadi', 'gennady', 'hennadiy', 'gennadii', 'hennadii'],
  ['georgiy', 'georgi', 'georgy', 'heorhiy', 'georgii'],
  ['pyotr', 'petr', 'piotr', 'petro'],
  ['fyodor', 'fedor', 'fiodor', 'fedir'],
  ['yelena', 'elena', 'olena', 'jelena'],
  ['tatyana', 'tatiana', 'tetiana', 'tatjana', 'tetyana'],
  ['natalya', 'natalia', 'nataliya', 'natalja'],
  ['yuliya', 'yulia', 'julia', 'iuliia', 'yuliia'],
  // Chinese surnames: pinyin, Wade-Giles and Cantonese spellings
  ['zhang', 'chang', 'cheung'],
  ['zhou', 'chou', 'chau'],
  ['zhao', 'chao', 'chiu'],
  ['xu', 'hsu', 'tsui'],
  ['li', 'lee'],
  ['chen', 'chan'],
  ['huang', 'wong', 'hwang'],
  ['liu', 'lau', 'lew'],
  ['yang', 'yeung'],
  ['zheng', 'cheng'],
  ['xie', 'hsieh'],
  ['guo', 'kuo', 'kwok'],
  ['lin', 'lam'],
  ['zhu', 'chu'],
  ['gao', 'kao'],
  ['deng', 'teng'],
  ['cao', 'tsao'],
  ['he', 'ho'],
  ['zeng', 'tseng'],
  ['du', 'tu'],
  ['ren', 'jen'],
  ['ding', 'ting'],
  ['dong', 'tung'],
  ['song', 'sung'],
  ['jiang', 'chiang'],
  ['luo', 'lo'],
  ['xiao', 'hsiao'],
  ['tian', 'tien'],
  ['ye', 'yeh'],
  // Iberian spellings
  ['luis', 'luiz'],
  ['sousa', 'souza'],
  ['tiago', 'thiago'],
  ['matos', 'mattos'],
  ['mello', 'melo'],
];

const keyOf = new Map<string, string>();
for (const group of groups) for (const spelling of group) if (!keyOf.has(spelling)) keyOf.set(spelling, group[0]);

/** The group key of a spelling, or null when no group holds it. */
export function variantKey(token: string): string | null {
  return keyOf.get(token) ?? null;
}

export function areSpellingVariants(a: string, b: string): boolean {
  const key = variantKey(a);
  return key !== null && key === variantKey(b);
}

/**
 * The consonant skeleton of a folded Latin token: a few spellings of one sound unified
 * (x → ks, ph → f, q/c/ck → k, kh → k, dj/dzh → j, tch/tsch → ch), vowels and the
 * semivowels y and w dropped (Arabic script writes no short vowels, and romanizations
 * disagree on ou/u/o, ei/ey/ay, i/y), doubled letters collapsed, a final h dropped
 * (Arabic ة and the -ah/-a endings). "muhammad", "mohammed", "محمد" → "mhmd".
 */
export function nameSkeleton(token: string): string {
  return remember(skeletons, token, computeSkeleton);
}

/**
 * Memoized per spelling: list names repeat the same few thousand words, and these keys are
 * computed for every candidate of every query. A cache, not state: the result depends on the
 * token alone; it is emptied when it grows past a bound.
 */
const skeletons = new Map<string, string>();
const foldings = new Map<string, string>();
const cacheBound = 200_000;
function remember(cache: Map<string, string>, token: string, compute: (t: string) => string): string {
  let value = cache.get(token);
  if (value === undefined) {
    if (cache.size >= cacheBound) cache.clear();
    value = compute(token);
    cache.set(token, value);
  }
  return value;
}

function computeSkeleton(token: string): string {
  const unified = token
    .replace(/x/g, 'ks')
    .replace(/ph/g, 'f')
    .replace(/t?sch/g, 'sh')
    .replace(/tch/g, 'ch')
    .replace(/dzh/g, 'j')
    .replace(/dj/g, 'j')
    .replace(/kh/g, 'k')
    .replace(/ck/g, 'k')
    .replace(/q/g, 'k')
    .replace(/c(?!h)/g, 'k');
  let out = '';
  for (const char of unified) {
    if ('aeiouyw'.includes(char)) continue;
    if (out.endsWith(char)) continue;
    out += char;
  }
  return out.length > 1 && out.endsWith('h') ? out.slice(0, -1) : out;
}

/**
 * The Latin spellings of one Cyrillic (or French- and German-written) sound folded together:
 * German w, tsch, sch and ch, French ou, tch and -off, the j of scholarly and German systems
 * ("Iwanow", "Ivanoff" and "Ivanov"; "Tschernow" and "Chernov"; "Julija" and "Yuliya"). The
 * Russian ч and х both end as "h": lossy, but every system writes each of them consistently.
 */
export function foldSlavicSpelling(token: string): string {
  return remember(foldings, token, computeSlavicFolding);
}

function computeSlavicFolding(token: string): string {
  return token
    .replace(/ff$/, 'v')
    .replace(/w/g, 'v')
    .replace(/tsch/g, 'ch')
    .replace(/sch/g, 'sh')
    .replace(/tch/g, 'ch')
    .replace(/[ck]h/g, 'h')
    .replace(/ou/g, 'u')
    .replace(/j/g, 'y')
    .replace(/ts|tz/g, 'c')
    .replace(/x/g, 'ks')
    .replace(/([aeiou])i(?=[aeiou])/g, '$1y')
    .replace(/(.)\1/g, '$1');
}
