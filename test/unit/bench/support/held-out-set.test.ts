import {
  buildHeldOutSet,
  type HeldOutLocale,
  heldOutLocales,
  negativeKinds,
  type NativePerson,
  orthographicVariant,
  positiveKinds,
  romanizePart,
  type Romanizer,
  writeLatin,
  writeScript,
} from '../../../../bench/support/held-out-set';

// A stand-in transliteration: Cyrillic and Han through a small table, anything else as it is.
const table: Record<string, string> = {
  Иван: 'Ivan',
  Петров: 'Petrov',
  Сергеевич: 'Sergeevich',
  王: 'Wang',
  秀英: 'XiuYing',
  李: 'Li',
  明: 'Ming',
};
const romanizer: Romanizer = {
  name: 'test table',
  romanize: (text) =>
    text
      .split(' ')
      .map((w) => table[w] ?? w)
      .join(' '),
};

const ivan: NativePerson = { given: 'Иван', middle: 'Сергеевич', family: 'Петров', female: false };
const wang: NativePerson = { given: '秀英', middle: null, family: '王', female: true };
const amir: NativePerson = { given: 'Amir', middle: null, family: 'Haddad', female: false };

describe('the held-out set', () => {
  it.each([
    ['Han syllables fused', '秀英', 'zh_CN', 'fused', 'Xiuying'],
    ['Han syllables hyphenated', '秀英', 'zh_CN', 'hyphen', 'Xiu-ying'],
    ['Han syllables spaced', '秀英', 'zh_CN', 'spaced', 'Xiu Ying'],
    ['a Cyrillic word', 'Иван', 'ru', 'fused', 'Ivan'],
    ['a lower-case transliteration capitalized', 'smh', 'ar', 'fused', 'Smh'],
  ] as const)('romanizes %s', (_label, part, locale, syllables, expected) => {
    expect(romanizePart(part, locale, romanizer, syllables)).toBe(expected);
  });

  it.each([
    ['Russian official order', ivan, 'ru', { order: 'native', dropMiddle: false, spaced: false }, 'Петров Иван Сергеевич'],
    ['Russian swapped, patronymic dropped', ivan, 'ru', { order: 'swapped', dropMiddle: true, spaced: false }, 'Иван Петров'],
    ['Han fused', wang, 'zh_CN', { order: 'native', dropMiddle: false, spaced: false }, '王秀英'],
    ['Han spaced', wang, 'zh_CN', { order: 'native', dropMiddle: false, spaced: true }, '王 秀英'],
    ['given name first elsewhere', amir, 'ar', { order: 'native', dropMiddle: false, spaced: false }, 'Amir Haddad'],
    ['swapped elsewhere', amir, 'ar', { order: 'swapped', dropMiddle: false, spaced: false }, 'Haddad Amir'],
  ] as const)('writes in the script: %s', (_label, person, locale, style, expected) => {
    expect(writeScript(person, locale, style)).toBe(expected);
  });

  it.each([
    [
      'list style',
      ivan,
      'ru',
      { order: 'family_comma', dropMiddle: false, upperFamily: true, syllables: 'fused' },
      'PETROV, Ivan Sergeevich',
    ],
    ['passport style', wang, 'zh_CN', { order: 'given_first', dropMiddle: false, upperFamily: false, syllables: 'fused' }, 'Xiuying Wang'],
    [
      'family first, hyphenated',
      wang,
      'zh_CN',
      { order: 'family_first', dropMiddle: false, upperFamily: false, syllables: 'hyphen' },
      'Wang Xiu-ying',
    ],
  ] as const)('writes romanized: %s', (_label, person, locale, style, expected) => {
    expect(writeLatin(person, locale, romanizer, style)).toBe(expected);
  });

  it.each([
    ['ar', 'فاطمة أحمد مصطفى', 'فاطمه احمد مصطفي'],
    ['fa', 'یاسمن کریمی', 'ياسمن كريمي'],
    ['ru', 'Иван', 'Иван'],
  ] as const)('spells %s names as clerks may', (locale, name, expected) => {
    expect(orthographicVariant(name, locale)).toBe(expected);
  });

  // Ten people of each locale: enough others for every negative.
  const people = Object.fromEntries(
    heldOutLocales.map((locale) => [
      locale,
      Array.from({ length: 10 }, (_, i): NativePerson => ({
        given: `Given${'abcdefghij'[i]}`,
        middle: locale === 'ru' || locale === 'uk' ? `Middle${i}` : null,
        family: `Family${'klmnopqrst'[i]}`,
        female: i % 2 === 1,
      })),
    ]),
  ) as Record<HeldOutLocale, NativePerson[]>;
  const pairs = buildHeldOutSet(people, romanizer, 'test-seed', 2);

  it('has every kind for every locale, labelled by kind', () => {
    expect(pairs).toHaveLength(heldOutLocales.length * (positiveKinds.length + negativeKinds.length) * 2);
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    for (const locale of heldOutLocales) {
      const mine = pairs.filter((p) => p.locale === locale);
      for (const kind of positiveKinds) expect(mine.filter((p) => p.kind === kind).map((p) => p.expected_match)).toEqual([true, true]);
      for (const kind of negativeKinds) expect(mine.filter((p) => p.kind === kind).map((p) => p.expected_match)).toEqual([false, false]);
    }
  });

  it('makes no negative of one name: the other person differs in the romanized part that should differ', () => {
    const words = (s: string) =>
      new Set(
        s
          .toLowerCase()
          .replace(/[^a-z0-9 ]/g, ' ')
          .split(/\s+/)
          .filter(Boolean),
      );
    for (const pair of pairs.filter((p) => p.kind === 'neg_other_person')) {
      const listed = words(pair.entry.names[0].name);
      expect([...words(pair.query.name)].filter((w) => !w.startsWith('middle') && listed.has(w))).toEqual([]);
    }
    for (const pair of pairs.filter((p) => p.kind !== 'neg_other_person' && !p.expected_match)) {
      expect(pair.query.name.toLowerCase()).not.toBe(pair.entry.names[0].name.toLowerCase());
    }
  });

  it('is the same for the same seed and differs for another', () => {
    expect(buildHeldOutSet(people, romanizer, 'test-seed', 2)).toEqual(pairs);
    expect(buildHeldOutSet(people, romanizer, 'another seed', 2)).not.toEqual(pairs);
  });

  it('refuses a locale with nobody else to be a negative', () => {
    const alone = { ...people, tr: [people.tr[0]] };
    expect(() => buildHeldOutSet(alone, romanizer, 'test-seed', 1)).toThrow(/no second tr person/);
  });
});
