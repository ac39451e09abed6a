import { findRuleCatalog, ruleCatalogs, ruleCatalogV1, RULES_VERSION } from '../../../../domain/rules';

describe('rule catalog registry', () => {
  it.each([
    [RULES_VERSION, ruleCatalogV1],
    ['1999.01.1', undefined],
    ['', undefined],
  ])('findRuleCatalog(%p)', (version, expected) => expect(findRuleCatalog(version)).toBe(expected));

  it('lists every version once, oldest first', () => {
    const versions = ruleCatalogs.map((c) => c.rules_version);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort()).toEqual(versions);
  });
});
