import type { BandFloor, EscalationReason, EvaluatedSignal, MetaSignal, PillarBreakdown, RiskLevel } from '../analysis/verdict';
import { PILLARS } from '../analysis/verdict';
import type { RuleCatalog } from '../rules/types';
import { applyBasisPoints } from './fixed-point';

const LEVEL_ORDER: RiskLevel[] = ['low', 'medium', 'high', 'critical'];
const atLeast = (level: RiskLevel, threshold: RiskLevel) => LEVEL_ORDER.indexOf(level) >= LEVEL_ORDER.indexOf(threshold);

export function riskLevelOf(score: number, catalog: RuleCatalog): RiskLevel {
  const band = catalog.risk_bands.find((b) => score >= b.min_score && score <= b.max_score);
  if (!band) throw new Error(`score ${score} is outside every risk band`);
  return band.level;
}

export function pillarBreakdown(signals: EvaluatedSignal[], metaSignals: MetaSignal[], catalog: RuleCatalog): PillarBreakdown[] {
  return PILLARS.map((pillar) => {
    const found = signals.filter((s) => s.pillar === pillar && s.identified);
    const subscore = metaSignals.find((m) => m.pillar === pillar)?.adjusted_score ?? 0;
    const weight = catalog.pillar_weights[pillar];
    return {
      pillar,
      base_points: found.reduce((sum, s) => sum + s.score, 0),
      subscore,
      weight,
      weighted_score: applyBasisPoints(subscore, weight),
      identified_signal_codes: found.map((s) => s.code),
    };
  });
}

/** Every floor of an identified signal, highest first (ties: by code). */
export function bandFloors(signals: EvaluatedSignal[], catalog: RuleCatalog): BandFloor[] {
  const identified = new Set(signals.filter((s) => s.identified).map((s) => s.code));
  return catalog.signals
    .filter((rule) => rule.band_floor !== null && identified.has(rule.code))
    .map((rule) => ({ floor_score: rule.band_floor!.floor_score, reason: rule.band_floor!.reason, source_code: rule.code }))
    .sort((a, b) => b.floor_score - a.floor_score || (a.source_code < b.source_code ? -1 : 1));
}

export function flagsFor(level: RiskLevel, catalog: RuleCatalog) {
  return {
    review_recommended: atLeast(level, catalog.review_recommended_from),
    review_required: atLeast(level, catalog.review_required_from),
    critical: atLeast(level, catalog.escalation_from),
  };
}

/** Escalation: the critical level, and every identified signal that escalates on its own. */
/** `scoreSource` is the signal whose floor set the final score, null when the diffuse score did. */
export function escalationReasons(
  signals: EvaluatedSignal[],
  level: RiskLevel,
  scoreSource: string | null,
  catalog: RuleCatalog,
): EscalationReason[] {
  const identified = new Set(signals.filter((s) => s.identified).map((s) => s.code));
  const reasons: EscalationReason[] = [];
  if (flagsFor(level, catalog).critical) {
    reasons.push({ code: 'critical_risk_level', reason: `The risk level is ${level}`, source_signal_code: scoreSource });
  }
  for (const rule of catalog.signals) {
    if (rule.escalation && identified.has(rule.code))
      reasons.push({ code: rule.escalation.code, reason: rule.escalation.reason, source_signal_code: rule.code });
  }
  return reasons;
}
