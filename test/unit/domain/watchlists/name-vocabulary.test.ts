import { genericOrganizationWords, nameParticles, personTitles } from '../../../../domain/watchlists/name-vocabulary';

describe('the matcher vocabulary', () => {
  it.each([
    [genericOrganizationWords, 'trading'],
    [genericOrganizationWords, 'global'],
    [nameParticles, 'bin'],
    [nameParticles, 'dos'],
    [personTitles, 'sheikh'],
  ])('%#: holds %s', (set, word) => expect(set.has(word)).toBe(true));

  it('every word is already normalized (lower case letters and digits)', () => {
    const words = [...genericOrganizationWords, ...nameParticles, ...personTitles];
    expect(words.filter((w) => !/^[a-z0-9]+$/.test(w))).toEqual([]);
  });
});
