import { genericOrganizationWords, legalForms, nameParticles, personTitles } from '../../../../domain/watchlists/name-vocabulary';

describe('the matcher vocabulary', () => {
  it.each([
    ['ltda', 'limited'],
    ['llc', 'limited'],
    ['gmbh', 'limited'],
    ['sa', 'corporation'],
    ['corp', 'corporation'],
    ['plc', 'corporation'],
    ['co', 'company'],
    ['me', 'size'],
    ['eireli', 'limited'],
  ])('legal form %s belongs to the %s family', (word, family) => expect(legalForms[word]).toBe(family));

  it.each([
    [genericOrganizationWords, 'trading'],
    [genericOrganizationWords, 'global'],
    [nameParticles, 'bin'],
    [nameParticles, 'dos'],
    [personTitles, 'sheikh'],
  ])('%#: holds %s', (set, word) => expect(set.has(word)).toBe(true));

  it('every word is already normalized (lower case letters and digits)', () => {
    const words = [...Object.keys(legalForms), ...genericOrganizationWords, ...nameParticles, ...personTitles];
    expect(words.filter((w) => !/^[a-z0-9]+$/.test(w))).toEqual([]);
  });

  it('no word is both a legal form and a particle (a particle is never read as a form)', () => {
    expect(Object.keys(legalForms).filter((w) => nameParticles.has(w))).toEqual([]);
  });
});
