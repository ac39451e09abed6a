import type { SectionBuilder } from '../report-types';

/** The verdict's risk classification with its pillars and the versions that make it replayable. */
export const buildRiskClassification: SectionBuilder = ({ verdict }) => {
  const r = verdict.risk;
  const v = verdict.versions;
  return {
    content: {
      score: r.score,
      risk_level: r.risk_level,
      diffuse_score: r.diffuse_score,
      dispositive_floor: r.dispositive_floor,
      review_required: r.review_required,
      escalation_required: r.escalation_required,
      escalation_reasons: r.escalation_reasons.map((e) => ({ code: e.code, reason: e.reason, signal_code: e.source_signal_code })),
      band_floors: r.band_floors_applied.map((b) => ({ floor_score: b.floor_score, reason: b.reason, signal_code: b.source_code })),
      pillars: r.pillar_breakdown.map((p) => ({
        pillar: p.pillar,
        subscore: p.subscore,
        weight_bp: p.weight,
        weighted_score: p.weighted_score,
        signal_codes: p.identified_signal_codes,
      })),
      limitations: r.limitations,
      versions: {
        rules_version: v.rules_version,
        regulatory_catalog_version: v.regulatory_catalog_version,
        scoring_engine_version: v.scoring_engine_version,
        engine_fingerprint: v.engine_fingerprint,
        verdict_fingerprint: v.verdict_fingerprint,
        snapshot_hash: v.snapshot_hash,
      },
    },
    sources: ['verdict.risk', 'verdict.versions'],
  };
};
