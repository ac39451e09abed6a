import { ruleCatalogV2 } from './catalog-v2';
import type { RuleCatalog } from './types';

/** Bump on ANY change of the catalog content (test/unit/domain/rules/catalog-hash.test.ts pins the content hash per version). */
export const RULES_VERSION_V3 = '2026.12.2';
/** The regulatory manifest of this catalog (domain/regulatory/manifest-2026-12-2.ts). */
export const REGULATORY_CATALOG_VERSION_V3 = '2026.12.2';

/**
 * The citations of catalogs 2026.11.1 and 2026.12.1 that did not cite the norms as they are
 * (docs/regulatory-manifest.md, "Norms as they are"), each with the citation that replaces it:
 * Circular BCB 3.978/2020 arts. 18–19 (qualification), 24–26 (beneficial owner), 27 (PEP only),
 * 38–39 (monitoring); Carta Circular BCB 4.001/2020 by the heading of its inciso.
 */
export const correctedCitations: Readonly<Record<string, string>> = {
  'Circular BCB 3.978/2020, art. 16 e 18 (beneficiário final)': 'Circular BCB 3.978/2020, arts. 24 a 26 (beneficiário final)',
  'Circular BCB 3.978/2020, art. 16 (qualificação)': 'Circular BCB 3.978/2020, arts. 18 e 19 (qualificação do cliente)',
  'Circular BCB 3.978/2020, art. 38': 'Circular BCB 3.978/2020, arts. 38 e 39 (monitoramento, seleção e análise)',
  'Circular BCB 3.978/2020, art. 38 (situações suspeitas)': 'Circular BCB 3.978/2020, arts. 38 e 39 (monitoramento, seleção e análise)',
  'Circular BCB 3.978/2020, art. 27 e 38': 'Circular BCB 3.978/2020, arts. 38 e 39 (monitoramento, seleção e análise)',
  'Carta Circular BCB 4.001/2020 (indícios de interposição de pessoas)':
    'Carta Circular BCB 4.001/2020, art. 1º, III (situações relacionadas com a identificação e qualificação de clientes)',
};

/**
 * Catalog 2026.12.2: catalog 2026.12.1 with its citations corrected (`correctedCitations`),
 * nothing else: the same signals, points, parameters, floors and evaluators, so the same snapshot
 * scores the same. Catalogs 2026.11.1 and 2026.12.1 stay in the registry unchanged, so that their
 * verdicts still verify byte for byte and the reports built on them keep their citations.
 */
export const ruleCatalogV3: RuleCatalog = {
  ...ruleCatalogV2,
  rules_version: RULES_VERSION_V3,
  regulatory_catalog_version: REGULATORY_CATALOG_VERSION_V3,
  signals: ruleCatalogV2.signals.map((s) => ({
    ...s,
    regulatory_references: s.regulatory_references.map((r) => correctedCitations[r] ?? r),
  })),
};
