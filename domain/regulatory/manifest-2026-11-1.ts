import type { RegulatoryManifest } from './manifest-types';
import { enquadramentoRules, enquadramentos, envolvimentoTypes } from './manifest-2026-11-1/coaf-codes';
import { mappings } from './manifest-2026-11-1/mappings';
import { norms } from './manifest-2026-11-1/norms';
import { reportTypeSpecs } from './manifest-2026-11-1/report-types';
import { requirements } from './manifest-2026-11-1/requirements';

/**
 * Regulatory manifest 2026.11.1: the `regulatory_catalog_version` of rule catalog 2026.11.1.
 * Immutable once shipped (test/unit/domain/regulatory/manifest-hash.test.ts pins its hash).
 */
export const regulatoryManifest20261101: RegulatoryManifest = {
  version: '2026.11.1',
  compatible_rules_versions: ['2026.11.1'],
  norms,
  requirements,
  report_types: reportTypeSpecs,
  mappings,
  coaf: { enquadramentos, enquadramento_rules: enquadramentoRules, envolvimento_types: envolvimentoTypes },
  window: { hours: 24, anchor: 'analysis.completed_at', requirement_id: 'LEI9613-ART11-COMUNICACAO' },
  retention: {
    coaf_cos: { years: 10, anchor: 'report.finalized_at' },
    bcb_dossie: { years: 10, anchor: 'report.finalized_at' },
  },
};
