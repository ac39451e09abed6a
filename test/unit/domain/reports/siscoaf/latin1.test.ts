import {
  charactersOutsideLatin1,
  decodeLatin1,
  encodeLatin1,
  latin1Issues,
  latin1Message,
} from '../../../../../domain/reports/siscoaf/latin1';

describe('text outside ISO-8859-1', () => {
  it.each([
    ['plain Portuguese passes', 'Ação, coração e pão: 100% «ok» ½', []],
    ['an em dash is named', 'a — b', [{ index: 2, char: '—', codePoint: 'U+2014', name: 'EM DASH' }]],
    [
      'curly quotes',
      '“x”',
      [
        { index: 0, char: '“', codePoint: 'U+201C', name: 'LEFT DOUBLE QUOTATION MARK' },
        { index: 2, char: '”', codePoint: 'U+201D', name: 'RIGHT DOUBLE QUOTATION MARK' },
      ],
    ],
    [
      'an emoji counts as one character',
      '😀a€',
      [
        { index: 0, char: '😀', codePoint: 'U+1F600', name: null },
        { index: 2, char: '€', codePoint: 'U+20AC', name: 'EURO SIGN' },
      ],
    ],
  ])('%s', (_name, text, expected) => expect(charactersOutsideLatin1(text)).toEqual(expected));

  it('names the first character and counts the others', () => {
    expect(latin1Message(charactersOutsideLatin1('a — b – c'))).toBe(
      '"—" (U+2014 EM DASH) at character 3 is outside ISO-8859-1, the Siscoaf encoding: retype it (and 1 more)',
    );
  });

  it.each([
    ['a string', 'x—', ['body', 'content'], [['body', 'content']]],
    [
      'nested objects and arrays',
      { a: ['ok', 'no…'], b: { c: '‘' }, n: 1 },
      ['OCORRENCIA'],
      [
        ['OCORRENCIA', 'a', 1],
        ['OCORRENCIA', 'b', 'c'],
      ],
    ],
    ['nothing to flag', { a: null, b: 'ok' }, [], []],
  ])('locates %s', (_name, value, loc, expected) => {
    const issues = latin1Issues(value, loc as string[]);
    expect(issues.map((i) => i.loc)).toEqual(expected);
    expect(issues.every((i) => i.type === 'not_latin1')).toBe(true);
  });
});

describe('ISO-8859-1 bytes', () => {
  it.each([
    ['accents are one byte each', 'ação', [0x61, 0xe7, 0xe3, 0x6f]],
    ['a character outside becomes ?', 'a—b', [0x61, 0x3f, 0x62]],
    ['an emoji is one ?', '😀', [0x3f]],
  ])('%s', (_name, text, bytes) => expect([...encodeLatin1(text)]).toEqual(bytes));

  it('decodes every byte back', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    expect(encodeLatin1(decodeLatin1(all)).equals(all)).toBe(true);
  });
});
