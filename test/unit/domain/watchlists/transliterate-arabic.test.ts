import { isArabic, transliterateArabicWord } from '../../../../domain/watchlists/transliterate-arabic';

describe('transliterateArabicWord', () => {
  it.each([
    ['محمد', 'mhmd'],
    ['مُحَمَّد', 'mhmd'],
    ['حسين', 'hsyn'],
    ['خالد', 'khald'],
    ['أسامة', 'asama'],
    ['الرحمن', 'rhmn'],
    ['عبد', 'abd'],
    ['عبدالله', 'abdlh'],
    ['بن', 'bin'],
    ['يوسف', 'ywsf'],
    ['پرویز', 'prwyz'],
    ['Omar', 'Omar'],
  ])('%s → %s', (word, expected) => expect(transliterateArabicWord(word)).toBe(expected));

  it.each([
    ['محمد', true],
    ['Muhammad', false],
  ])('%s is Arabic script: %s', (text, expected) => expect(isArabic(text)).toBe(expected));
});
