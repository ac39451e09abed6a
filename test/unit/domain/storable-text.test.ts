import { findUnstorableText, UNSTORABLE_TEXT_TYPE, unstorableTextIn } from '../../../domain/storable-text';

describe('storable text: what Postgres text and jsonb can hold', () => {
  it.each([
    ['plain ASCII', 'Acme Ltda', undefined],
    ['empty', '', undefined],
    ['accents and CJK', 'São Paulo — 東京', undefined],
    ['an astral character (a valid surrogate pair)', 'risk 😀 ok', undefined],
    ['U+FFFD itself', 'bad \uFFFD byte', undefined],
    ['other control characters', 'tab\tbell\u0007', undefined],
    ['U+0000 alone', '\u0000', 'nul'],
    ['U+0000 inside', 'ac\u0000me', 'nul'],
    ['U+0000 and a lone surrogate: NUL reported', '\u0000\ud800', 'nul'],
    ['a lone high surrogate', 'x\ud800', 'lone_surrogate'],
    ['a lone high surrogate before a letter', '\ud83dx', 'lone_surrogate'],
    ['a lone low surrogate', '\udc00y', 'lone_surrogate'],
    ['a reversed pair', '\ude00\ud83d', 'lone_surrogate'],
    ['two high surrogates then a low one', '\ud83d\ud83d\ude00', 'lone_surrogate'],
  ])('%s', (_, text, expected) => {
    expect(unstorableTextIn(text)).toBe(expected);
  });

  it('locates every unstorable value and property name by its pointer, in document order', () => {
    const body = {
      name: 'ok',
      url: 'http://x/\u0000',
      tags: ['fine', '\ud800'],
      nested: { 'ke\u0000y': 1, deep: [{ v: '\udfff' }] },
      n: 5,
      b: true,
      z: null,
    };
    expect(findUnstorableText(body, 'body')).toEqual([
      { loc: ['body', 'url'], msg: 'the value contains U+0000 (NUL), which cannot be stored', type: UNSTORABLE_TEXT_TYPE },
      {
        loc: ['body', 'tags', 1],
        msg: 'the value contains a lone UTF-16 surrogate (not a Unicode character), which cannot be stored',
        type: UNSTORABLE_TEXT_TYPE,
      },
      {
        loc: ['body', 'nested', 'ke\u0000y'],
        msg: 'the property name contains U+0000 (NUL), which cannot be stored',
        type: UNSTORABLE_TEXT_TYPE,
      },
      {
        loc: ['body', 'nested', 'deep', 0, 'v'],
        msg: 'the value contains a lone UTF-16 surrogate (not a Unicode character), which cannot be stored',
        type: UNSTORABLE_TEXT_TYPE,
      },
    ]);
  });

  it.each([
    ['a top-level string', 'body', '\u0000', [['body']]],
    [
      'query values, repeated parameters as arrays',
      'query',
      { q: 'a\u0000', status: ['x', '\ud800'] },
      [
        ['query', 'q'],
        ['query', 'status', 1],
      ],
    ],
    ['path parameters', 'path', { workflow_id: 'analysis-\u0000' }, [['path', 'workflow_id']]],
    ['clean input', 'query', { q: 'acme', limit: '10' }, []],
    ['undefined (no body)', 'body', undefined, []],
    ['numbers, booleans and null only', 'body', [1, true, null, { a: 2 }], []],
  ])('%s', (_, location, value, locs) => {
    expect(findUnstorableText(value, location).map((i) => i.loc)).toEqual(locs);
  });

  it('walks a body nested deeper than the call stack allows', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const issues = findUnstorableText(deep, 'body');
    expect(issues).toHaveLength(1);
    expect(issues[0].loc).toHaveLength(200_001);
  });
});
