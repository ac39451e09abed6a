import { jsonDifferences } from '../../../domain/json-differences';

describe('jsonDifferences: where two JSON values differ, as JSON paths', () => {
  it.each([
    ['equal documents', { a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }, []],
    ['one changed scalar', { risk: { score: 40, level: 'medium' } }, { risk: { score: 41, level: 'medium' } }, ['$.risk.score']],
    ['one changed byte of a string', { s: [{ t: 'abc' }] }, { s: [{ t: 'abd' }] }, ['$.s[0].t']],
    ['a key on one side only', { a: 1 }, { a: 1, b: 2 }, ['$.b']],
    ['an array item beyond the other', { a: [1, 2, 3] }, { a: [1, 2] }, ['$.a[2]']],
    ['a type change', { a: '1' }, { a: 1 }, ['$.a']],
    ['null against an object', { a: null }, { a: {} }, ['$.a']],
    ['an object against an array', { a: {} }, { a: [] }, ['$.a']],
    ['-0 and 0 are one number', { a: -0 }, { a: 0 }, []],
    ['keys that are not identifiers', { 'odd key': 1, 'a.b': 2 }, { 'odd key': 2, 'a.b': 3 }, ['$["a.b"]', '$["odd key"]']],
    ['the roots themselves', 1, 2, ['$']],
    ['several, in sorted key order', { z: 1, a: [0, 1] }, { z: 2, a: [0, 2] }, ['$.a[1]', '$.z']],
  ])('%s', (_label, stored, recomputed, paths) => {
    expect(jsonDifferences(stored, recomputed)).toEqual({ paths, truncated: false });
  });

  it('stops at the limit and says so', () => {
    const stored = { items: Array.from({ length: 10 }, (_, i) => i) };
    const recomputed = { items: Array.from({ length: 10 }, (_, i) => i + 1) };
    expect(jsonDifferences(stored, recomputed, 3)).toEqual({ paths: ['$.items[0]', '$.items[1]', '$.items[2]'], truncated: true });
    expect(jsonDifferences(stored, recomputed, 10).truncated).toBe(false);
  });
});
