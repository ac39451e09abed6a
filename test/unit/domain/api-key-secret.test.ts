import { API_KEY_PREFIX, displayPrefixOf, hashApiKey } from '../../../domain/api-key-secret';

describe('an API key is stored as a hash with a display prefix', () => {
  it.each([
    ['erk_abc', '97cb90e3d7b1da49e2faf7fff749941b42d868be46fdedaefca81ef2c1dee319'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ])('hashApiKey(%j) is its SHA-256 in hex', (key, expected) => {
    expect(hashApiKey(key)).toBe(expected);
  });

  it('two keys never share a hash, one key always has the same', () => {
    expect(hashApiKey('erk_one')).toBe(hashApiKey('erk_one'));
    expect(hashApiKey('erk_one')).not.toBe(hashApiKey('erk_two'));
  });

  it.each([
    ['erk_0123456789abcdef', 'erk_012345'],
    ['erk_ab', 'erk_ab'],
  ])('displayPrefixOf(%j) is %j: the kind and six characters', (key, prefix) => {
    expect(displayPrefixOf(key)).toBe(prefix);
  });

  it('keys start with the service prefix', () => {
    expect(API_KEY_PREFIX).toBe('erk_');
  });
});
