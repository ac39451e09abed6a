import { fingerprint, sha256Hex } from '../../../domain/fingerprint';

describe('fingerprint', () => {
  const cases: [string, unknown, string][] = [
    // Independently known digests: sha256("{}"), sha256("[]"), sha256('{"a":1,"b":[true,null]}').
    ['empty object', {}, '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a'],
    ['empty array', [], '4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945'],
  ];
  it.each(cases)('hashes the canonical JSON of %s', (_name, value, expected) => {
    expect(fingerprint(value)).toBe(expected);
  });

  it('is lowercase hex sha-256 of the canonical form', () => {
    expect(fingerprint({ b: [true, null], a: 1 })).toBe(sha256Hex('{"a":1,"b":[true,null]}'));
    expect(fingerprint({ a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores key order and changes with any value', () => {
    expect(fingerprint({ x: 1, y: { z: 'a' } })).toBe(fingerprint({ y: { z: 'a' }, x: 1 }));
    expect(fingerprint({ x: 1 })).not.toBe(fingerprint({ x: 2 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
    expect(fingerprint({ x: '1' })).not.toBe(fingerprint({ x: 1 }));
  });

  it('hashes UTF-8 bytes', () => {
    // sha256 of the UTF-8 bytes of "é" (c3 a9).
    expect(sha256Hex('é')).toBe('4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c');
  });
});
