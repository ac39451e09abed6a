import { identifiedSignals } from '../report-facts';
import type { SectionBuilder } from '../report-types';

/**
 * Every identified signal with its points, evidences and the norms behind it: the rule's own
 * references (rule catalog) and the manifest's requirements that cite the code.
 */
export const buildSignals: SectionBuilder = (input) => {
  const rules = new Map(input.catalog.signals.map((r) => [r.code, r]));
  const requirementsOf = (code: string) =>
    [
      ...new Set(
        input.manifest.mappings.filter((m) => m.report_type === input.type && m.signal_codes.includes(code)).map((m) => m.requirement_id),
      ),
    ].sort();
  return {
    content: {
      rules_version: input.catalog.rules_version,
      identified: identifiedSignals(input).map((s) => ({
        code: s.code,
        name: s.name,
        pillar: s.pillar,
        points: s.score,
        rule_version: s.version,
        observed_entity_ids: s.observed_entity_ids,
        evidences: s.evidences.map((e) => ({ key: e.key, label: e.label, description: e.description })),
        norm_references: rules.get(s.code)?.regulatory_references ?? [],
        requirement_ids: requirementsOf(s.code),
      })),
      evaluated: input.verdict.signals.length,
    },
    sources: ['verdict.signals', `rule_catalog[${input.catalog.rules_version}]`, 'manifest.mappings'],
  };
};
