import type { EvaluatedSignal, MetaSignal, Modifier } from '../analysis/verdict';
import type { ModifierRule, RuleCatalog } from '../rules/types';
import type { EvaluationContext } from './context';
import { uniqueSorted } from './finding';
import { applyBasisPoints, BASIS_POINTS, clamp } from './fixed-point';
import { modifierEvaluators } from './modifiers';

/**
 * One meta-signal per pillar: base_score = min(100, identified points of the pillar); the
 * aggravants and attenuants that apply add their deltas to a multiplier of 10000 basis points,
 * clamped to the catalog's bounds; adjusted_score = min(100, round(base × multiplier)).
 * Modifiers apply only to an identified meta-signal: context never creates risk on its own.
 */
export function evaluateMetaSignals(ctx: EvaluationContext, signals: EvaluatedSignal[], catalog: RuleCatalog): MetaSignal[] {
  const byCode = new Map(signals.map((s) => [s.code, s]));
  return catalog.meta_signals.map((rule) => {
    const members = signals.filter((s) => s.pillar === rule.pillar);
    const found = members.filter((s) => s.identified);
    const baseScore = Math.min(
      100,
      found.reduce((sum, s) => sum + s.score, 0),
    );
    const identified = found.length > 0;
    const apply = (modifiers: ModifierRule[]): Modifier[] =>
      identified
        ? modifiers.flatMap((m) => {
            const evaluate = modifierEvaluators[m.code];
            if (!evaluate) throw new Error(`no evaluator for modifier ${m.code}`);
            const outcome = evaluate(ctx, byCode, m);
            return outcome.applies
              ? [
                  {
                    code: m.code,
                    name: m.name,
                    multiplier_delta: m.multiplier_delta,
                    evidences: outcome.evidences,
                    limitations: outcome.limitations,
                  },
                ]
              : [];
          })
        : [];
    const aggravants = apply(rule.aggravants);
    const attenuants = apply(rule.attenuants);
    const delta = [...aggravants, ...attenuants].reduce((sum, m) => sum + m.multiplier_delta, 0);
    const multiplier = clamp(BASIS_POINTS + delta, catalog.multiplier_bounds.min, catalog.multiplier_bounds.max);
    return {
      code: rule.code,
      name: rule.name,
      version: rule.version,
      kind: rule.kind,
      pillar: rule.pillar,
      identified,
      assessed_entity_id: ctx.subjectId,
      root_entity_id: ctx.subjectId,
      base_score: baseScore,
      signal_multiplier: multiplier,
      adjusted_score: Math.min(100, applyBasisPoints(baseScore, multiplier)),
      applied_aggravants: aggravants,
      applied_attenuants: attenuants,
      evidences: found.map((s) => ({
        key: 'signal',
        label: s.name,
        description: `${s.code}: ${s.score} point(s)`,
        content: { code: s.code, score: s.score },
        metadata: { version: s.version },
      })),
      graph_paths: found.flatMap((s) => s.graph_paths),
      limitations: members.flatMap((s) => s.limitations),
      observed_entity_ids: uniqueSorted(found.flatMap((s) => s.observed_entity_ids)),
    };
  });
}
