import { normalizeName } from '../../../../domain/names/normalize-name';
import {
  commonGivenNames,
  commonSurnames,
  companyFormAliases,
  companyFormFamily,
  generationalSuffixes,
  genericBusinessWords,
  particles,
} from '../../../../domain/media/name-vocabulary';

describe('name vocabulary: normalized data the matcher relies on', () => {
  it.each([
    ['particles', particles],
    ['generic business words', genericBusinessWords],
    ['common given names', commonGivenNames],
    ['common surnames', commonSurnames],
    ['generational suffixes', generationalSuffixes],
  ])('%s are written as normalizeName writes them', (_name, words) => {
    for (const w of words) if (w !== '&') expect(normalizeName(w)).toBe(w);
  });

  it.each(Object.entries(companyFormAliases))('company form %s → %s is canonical', (_alias, form) => {
    expect(companyFormAliases[form]).toBe(form);
  });

  it.each(Object.keys(companyFormFamily))('the family form %s is a canonical company form', (form) => {
    expect(companyFormAliases[form]).toBe(form);
  });
});
