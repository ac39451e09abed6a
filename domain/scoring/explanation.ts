import type { ExplanationItem, Verdict } from '../analysis/verdict';
import type { RuleCatalog } from '../rules/types';
import { formatBasisPoints } from './fixed-point';

type Draft = Omit<ExplanationItem, 'step'>;

/**
 * The verdict told in reading order: for each pillar its identified signals, its modifiers and
 * its weighted contribution; then the floors, the final score, escalations and limitations.
 */
export function explain(verdict: Pick<Verdict, 'risk' | 'signals'>, catalog: RuleCatalog): ExplanationItem[] {
  const items: Draft[] = [];
  const { risk } = verdict;
  for (const pillar of risk.pillar_breakdown) {
    const meta = risk.meta_signals.find((m) => m.pillar === pillar.pillar)!;
    for (const signal of verdict.signals.filter((s) => s.pillar === pillar.pillar && s.identified)) {
      items.push({
        kind: 'signal',
        code: signal.code,
        pillar: pillar.pillar,
        points: signal.score,
        version: signal.version,
        text: `${signal.name} (${signal.code} v${signal.version}): +${signal.score} point(s) to ${pillar.pillar}; ${signal.evidences.length} evidence(s).`,
      });
    }
    for (const modifier of [...meta.applied_aggravants, ...meta.applied_attenuants]) {
      items.push({
        kind: 'modifier',
        code: modifier.code,
        pillar: pillar.pillar,
        points: modifier.multiplier_delta,
        version: meta.version,
        text: `${modifier.name} (${modifier.code}): multiplier ${modifier.multiplier_delta > 0 ? '+' : ''}${formatBasisPoints(modifier.multiplier_delta)}.`,
      });
    }
    items.push({
      kind: 'pillar',
      code: pillar.pillar,
      pillar: pillar.pillar,
      points: pillar.weighted_score,
      version: meta.version,
      text:
        pillar.identified_signal_codes.length === 0
          ? `${meta.name} (${pillar.pillar}): no signal identified, contributes 0.`
          : `${meta.name} (${pillar.pillar}): ${pillar.base_points} point(s), capped base ${meta.base_score} × ${formatBasisPoints(meta.signal_multiplier)} = subscore ${pillar.subscore}; × weight ${formatBasisPoints(pillar.weight)} = ${pillar.weighted_score}.`,
    });
  }
  for (const floor of risk.band_floors_applied) {
    items.push({
      kind: 'band_floor',
      code: floor.source_code,
      pillar: null,
      points: floor.floor_score,
      version: catalog.rules_version,
      text: `Band floor ${floor.floor_score} from ${floor.source_code}: ${floor.reason}.`,
    });
  }
  items.push({
    kind: 'score',
    code: 'final_score',
    pillar: null,
    points: risk.score,
    version: catalog.rules_version,
    text: `Score = max(diffuse ${risk.diffuse_score}, floor ${risk.dispositive_floor}) = ${risk.score}: ${risk.risk_level} (rules ${catalog.rules_version}).`,
  });
  for (const reason of risk.escalation_reasons) {
    items.push({
      kind: 'escalation',
      code: reason.code,
      pillar: null,
      points: 0,
      version: catalog.rules_version,
      text: `Escalation required: ${reason.reason}.`,
    });
  }
  for (const text of risk.limitations) {
    items.push({ kind: 'limitation', code: 'limitation', pillar: null, points: 0, version: catalog.rules_version, text });
  }
  return items.map((item, index) => ({ step: index + 1, ...item }));
}
