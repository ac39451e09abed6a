import { isCyrillic, looksUkrainian, transliterateCyrillicWord } from '../../../../domain/watchlists/transliterate-cyrillic';

describe('transliterateCyrillicWord', () => {
  it.each([
    ['Сергей', undefined, 'Sergey'],
    ['Хрущёв', undefined, 'Khrushchev'],
    ['Щукин', undefined, 'Shchukin'],
    ['Юрий', undefined, 'Yuriy'],
    ['Объявление', undefined, 'Obyavlenie'],
    ['Цой', undefined, 'Tsoy'],
    ['Їжак', undefined, 'Yizhak'],
    ['Гнатюк', true, 'Hnatyuk'],
    ['Гнатюк', false, 'Gnatyuk'],
    ['Київ', undefined, 'Kyyiv'],
    ['Smith', undefined, 'Smith'],
  ] as const)('%s (Ukrainian: %s) → %s', (word, ukrainian, expected) => {
    expect(transliterateCyrillicWord(word, ukrainian).toLowerCase()).toBe(expected.toLowerCase());
  });

  it.each([
    ['Олексій', true, true],
    ['Алексей', true, false],
    ['Alexei', false, false],
  ])('%s: Cyrillic %s, Ukrainian %s', (text, cyrillic, ukrainian) => {
    expect([isCyrillic(text), looksUkrainian(text)]).toEqual([cyrillic, ukrainian]);
  });
});
