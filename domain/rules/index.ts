export { ruleCatalogV1, RULES_VERSION, REGULATORY_CATALOG_VERSION } from './catalog-v1';
export { ruleCatalogV2, RULES_VERSION_V2, REGULATORY_CATALOG_VERSION_V2 } from './catalog-v2';
export { ruleCatalogV3, RULES_VERSION_V3, REGULATORY_CATALOG_VERSION_V3, correctedCitations } from './catalog-v3';
export { catalogContentHash, engineFingerprint, SCORING_ENGINE_VERSION } from './catalog-hash';
export { createRuleCatalogRegistry, ruleCatalogRegistry, ruleCatalogs, findRuleCatalog } from './catalog-registry';
export type { RuleCatalogRegistry } from './catalog-registry';
export type { RuleCatalog, SignalRule, MetaSignalRule, ModifierRule, EvidenceSpec, RiskBand } from './types';
