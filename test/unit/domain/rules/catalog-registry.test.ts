import {
  catalogContentHash,
  createRuleCatalogRegistry,
  findRuleCatalog,
  ruleCatalogRegistry,
  ruleCatalogs,
  ruleCatalogV1,
  RULES_VERSION,
  RULES_VERSION_V2,
  RULES_VERSION_V3,
} from '../../../../domain/rules';
import type { RuleCatalog } from '../../../../domain/rules';

/**
 * Every catalog version ever shipped, with the content hash it shipped with: a verdict of any of
 * them must still replay (POST /analyses/{uuid}/verify). Append a row per release; never edit one.
 */
const shipped: [version: string, contentHash: string][] = [
  ['2026.11.1', '3e95192665f4c95cd9697a4963457d12ac9ef78e591a41631036362097eefdbe'],
];

const withVersion = (version: string): RuleCatalog => ({ ...ruleCatalogV1, rules_version: version });

describe('rule catalog registry', () => {
  it.each([
    [RULES_VERSION, ruleCatalogV1],
    ['1999.01.1', undefined],
    ['', undefined],
  ])('findRuleCatalog(%p)', (version, expected) => expect(findRuleCatalog(version)).toBe(expected));

  it.each(shipped)('keeps shipped version %s loadable, unchanged', (version, contentHash) => {
    const catalog = ruleCatalogRegistry.find(version);
    expect(catalog?.rules_version).toBe(version);
    expect(catalogContentHash(catalog!)).toBe(contentHash);
  });

  it('lists every version once, oldest first; the newest is current', () => {
    const versions = ruleCatalogs.map((c) => c.rules_version);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort()).toEqual(versions);
    expect(ruleCatalogRegistry.current.rules_version).toBe(RULES_VERSION_V3);
    expect(versions).toEqual([RULES_VERSION, RULES_VERSION_V2, RULES_VERSION_V3]);
  });

  it('is immutable data', () => {
    expect(Object.isFrozen(ruleCatalogs)).toBe(true);
  });

  it.each([
    ['no catalog', []],
    ['a repeated version', [ruleCatalogV1, ruleCatalogV1]],
    ['versions out of order', [withVersion('2027.01.1'), ruleCatalogV1]],
  ])('refuses a registry with %s', (_label, catalogs) => {
    expect(() => createRuleCatalogRegistry(catalogs as RuleCatalog[])).toThrow();
  });

  it('a registry with a newer catalog keeps the older one findable', () => {
    const next = withVersion('2027.01.1');
    const registry = createRuleCatalogRegistry([ruleCatalogV1, next]);
    expect(registry.current).toBe(next);
    expect(registry.find(RULES_VERSION)).toBe(ruleCatalogV1);
  });
});
