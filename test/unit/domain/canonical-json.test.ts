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
    [
      'keeps a surrogate pair and escapes a lone surrogate',
      ['\ud83d\ude00', 'a\ud800b', '\udc00'],
      '["\ud83d\ude00","a\\ud800b","\\udc00"]',
    ],
    ['writes DEL, U+2028 and U+2029 unescaped, as JSON does', ['\u007f\u2028\u2029'], '["\u007f\u2028\u2029"]'],
    ['writes a key that needs escaping as JSON does', { 'a"b\n': 1 }, '{"a\\"b\\n":1}'],
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

describe('canonicalJson beside an independent writer', () => {
  // JSON.stringify of a copy built with sorted keys writes the same bytes for plain values whose
  // keys are not array indexes (JSON.stringify puts those first, in numeric order).
  const sortedCopy = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortedCopy)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sortedCopy((value as Record<string, unknown>)[key])]),
          )
        : value;
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const randomValue = (depth: number): unknown => {
    const pick = Math.floor(next() * (depth > 3 ? 4 : 6));
    if (pick === 0) return Math.round((next() - 0.5) * 1e6) / 997;
    if (pick === 1) return `s${Math.floor(next() * 1000)}\u00e9"\n`;
    if (pick === 2) return next() < 0.5 ? null : next() < 0.5;
    if (pick === 3) return -0;
    if (pick === 4) return Array.from({ length: Math.floor(next() * 5) }, () => randomValue(depth + 1));
    const keys = ['b', 'a', 'Z', 'é', 'a1', 'k_', ''];
    return Object.fromEntries(keys.filter(() => next() < 0.5).map((key) => [key, randomValue(depth + 1)]));
  };
  it('writes every string of one UTF-16 code unit as JSON.stringify does', () => {
    for (let unit = 0; unit <= 0xffff; unit += 1) {
      const text = `x${String.fromCharCode(unit)}y`;
      expect(canonicalJson([text])).toBe(`[${JSON.stringify(text)}]`);
    }
  });

  it('writes the same bytes for 500 random nested values', () => {
    for (let i = 0; i < 500; i += 1) {
      const value = randomValue(0);
      expect(canonicalJson(value)).toBe(JSON.stringify(sortedCopy(value)));
    }
  });
});
