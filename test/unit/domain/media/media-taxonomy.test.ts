import { mediaCategories, taxonomyTerms } from '../../../../domain/media/media-taxonomy';
import { normalizeName } from '../../../../domain/names/normalize-name';

describe('adverse-media taxonomy data', () => {
  it.each(Object.entries(taxonomyTerms))('%s: every term normalized, so that matching cannot silently miss one', (_category, terms) => {
    for (const term of terms) expect(normalizeName(term.replace(/\*/g, ''))).toBe(term.replace(/\*/g, ''));
  });

  it('has a term list for every category but other, which comes last (the tie-break order)', () => {
    expect(Object.keys(taxonomyTerms)).toEqual(mediaCategories.slice(0, -1));
    expect(mediaCategories[mediaCategories.length - 1]).toBe('other');
  });
});
