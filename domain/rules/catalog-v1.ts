import type { RuleCatalog } from './types';
import { metaSignals } from './meta-signals';
import { mediaSignals } from './signals-media';
import { networkSignals } from './signals-network';
import { ownershipSignals } from './signals-ownership';
import { pepSignals } from './signals-pep';
import { proceedingSignals } from './signals-proceedings';
import { registrySignals } from './signals-registry';
import { sanctionSignals } from './signals-sanctions';

/** Bump on ANY change of the catalog content (test/unit/domain/rules/catalog-hash.test.ts pins the content hash per version). */
export const RULES_VERSION = '2026.11.1';
/** Version of the set of regulatory references the rules cite. */
export const REGULATORY_CATALOG_VERSION = '2026.11.1';

export const ruleCatalogV1: RuleCatalog = {
  rules_version: RULES_VERSION,
  regulatory_catalog_version: REGULATORY_CATALOG_VERSION,
  pillar_weights: {
    sanctions: 10000,
    pep_exposure: 8000,
    legal_proceedings: 6000,
    registry_status: 7000,
    ownership_structure: 7000,
    adverse_media: 6000,
    network: 6000,
  },
  multiplier_bounds: { min: 5000, max: 20000 },
  risk_bands: [
    { level: 'low', min_score: 0, max_score: 24 },
    { level: 'medium', min_score: 25, max_score: 49 },
    { level: 'high', min_score: 50, max_score: 74 },
    { level: 'critical', min_score: 75, max_score: 100 },
  ],
  review_recommended_from: 'medium',
  review_required_from: 'high',
  escalation_from: 'critical',
  signals: [
    ...sanctionSignals,
    ...pepSignals,
    ...proceedingSignals,
    ...registrySignals,
    ...ownershipSignals,
    ...mediaSignals,
    ...networkSignals,
  ],
  meta_signals: metaSignals,
};
