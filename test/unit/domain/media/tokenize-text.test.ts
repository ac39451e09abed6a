import { tokenizeText } from '../../../../domain/media/tokenize-text';

describe('tokenizing a text into normalized words with their offsets', () => {
  it.each([
    [
      'accents folded, upper case',
      'João Falcão',
      [
        ['JOAO', 0, 4],
        ['FALCAO', 5, 11],
      ],
    ],
    [
      'LIMITADA is LTDA, COMPANHIA is CIA',
      'Companhia Limitada',
      [
        ['CIA', 0, 9],
        ['LTDA', 10, 18],
      ],
    ],
    [
      'S.A. is one word SA',
      'Xavantes S.A.',
      [
        ['XAVANTES', 0, 8],
        ['SA', 9, 12],
      ],
    ],
    [
      'S/A too',
      'Xavantes S/A',
      [
        ['XAVANTES', 0, 8],
        ['SA', 9, 12],
      ],
    ],
    [
      'S and A far apart stay two words',
      'S  -  A',
      [
        ['S', 0, 1],
        ['A', 6, 7],
      ],
    ],
    [
      '& is a word',
      'Xavier & Quintanilha',
      [
        ['XAVIER', 0, 6],
        ['&', 7, 8],
        ['QUINTANILHA', 9, 20],
      ],
    ],
    ['punctuation only', '.,;', []],
  ])('%s', (_name, text, expected) => {
    expect(tokenizeText(text).map((t) => [t.word, t.start, t.end])).toEqual(expected);
  });
});
