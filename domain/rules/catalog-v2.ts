import { ruleCatalogV1 } from './catalog-v1';
import { watchlistSignals } from './signals-watchlists';
import type { RuleCatalog } from './types';

/** Bump on ANY change of the catalog content (test/unit/domain/rules/catalog-hash.test.ts pins the content hash per version). */
export const RULES_VERSION_V2 = '2026.12.1';
/** The regulatory manifest of this catalog (domain/regulatory/manifest-2026-12-1.ts). */
export const REGULATORY_CATALOG_VERSION_V2 = '2026.12.1';

/**
 * Catalog 2026.12.1: catalog 2026.11.1 plus the name screening against the UN, OFAC and EU lists
 * (domain/rules/signals-watchlists.ts), beside the other sanctions. Catalog 2026.11.1 stays in the
 * registry, unchanged, so that its verdicts still verify byte for byte.
 */
export const ruleCatalogV2: RuleCatalog = {
  ...ruleCatalogV1,
  rules_version: RULES_VERSION_V2,
  regulatory_catalog_version: REGULATORY_CATALOG_VERSION_V2,
  signals: [
    ...ruleCatalogV1.signals.filter((s) => s.pillar === 'sanctions'),
    ...watchlistSignals,
    ...ruleCatalogV1.signals.filter((s) => s.pillar !== 'sanctions'),
  ],
};
