import { canonicalJson, CanonicalJsonError } from '../../../domain/canonical-json';

describe('canonicalJson', () => {
  const cases: [string, unknown, string][] = [
    ['sorts keys recursively', { b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } }, '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}'],
    ['keeps array order', [3, 1, 2], '[3,1,2]'],
    ['writes no whitespace', { a: [1, 2], b: 'x y' }, '{"a":[1,2],"b":"x y"}'],
    ['sorts by UTF-16 code unit, not locale', { b: 1, B: 2, á: 3, a: 4, '10': 5, '9': 6 }, '{"10":5,"9":6,"B":2,"a":4,"b":1,"á":3}'],
    ['omits undefined properties', { a: undefined, b: 1 }, '{"b":1}'],
    ['writes -0 as 0', { n: -0 }, '{"n":0}'],
    ['writes numbers in shortest form', [1e21, 0.1, 100, 1.5e-7], '[1e+21,0.1,100,1.5e-7]'],
    [
      'escapes strings as JSON does',
      { s: 'quote " slash \\ line\n tab\t \u0001 ü' },
      '{"s":"quote \\" slash \\\\ line\\n tab\\t \\u0001 ü"}',
    ],
    ['accepts null-prototype objects', Object.assign(Object.create(null), { b: 2, a: 1 }), '{"a":1,"b":2}'],
    ['writes booleans and null', [true, false, null], '[true,false,null]'],
    ['writes empty containers', { a: [], b: {} }, '{"a":[],"b":{}}'],
    [
      'allows shared (non-cyclic) references',
      (() => {
        const x = { v: 1 };
        return [x, x];
      })(),
      '[{"v":1},{"v":1}]',
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(canonicalJson(input)).toBe(expected);
  });

  it('is insensitive to key insertion order', () => {
    expect(canonicalJson({ a: 1, b: { c: 2, d: 3 } })).toBe(canonicalJson({ b: { d: 3, c: 2 }, a: 1 }));
  });

  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  const rejected: [string, unknown, string][] = [
    ['NaN', { n: NaN }, '$.n'],
    ['Infinity', [1, Infinity], '$[1]'],
    ['-Infinity', -Infinity, '$'],
    ['undefined in an array', [1, undefined], '$[1]'],
    ['a function', { f: () => 1 }, '$.f'],
    ['a bigint', { n: BigInt(1) }, '$.n'],
    ['a symbol', [Symbol('x')], '$[0]'],
    ['a Date', { d: new Date(0) }, '$.d'],
    ['a Map', new Map(), '$'],
    ['a cycle', cyclic, '$.self'],
    ['top-level undefined', undefined, '$'],
  ];
  it.each(rejected)('rejects %s', (_name, input, path) => {
    expect(() => canonicalJson(input)).toThrow(CanonicalJsonError);
    try {
      canonicalJson(input);
    } catch (error) {
      expect((error as CanonicalJsonError).path).toBe(path);
    }
  });
});
