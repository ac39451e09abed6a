import { matcherAlgorithm } from '../../../../domain/watchlists/matcher-version';

describe('matcherAlgorithm', () => {
  it.each([
    ['name', 'era-name-matcher'],
    ['version', '1.2.0'],
  ] as const)('%s is %s', (field, value) => expect(matcherAlgorithm[field]).toBe(value));

  it('is frozen: a caller cannot change what it records', () => expect(Object.isFrozen(matcherAlgorithm)).toBe(true));
});
