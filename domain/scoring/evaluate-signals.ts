import type { EvaluatedSignal } from '../analysis/verdict';
import type { RuleCatalog } from '../rules/types';
import type { EvaluationContext } from './context';
import { mediaEvaluators } from './evaluate-media';
import { networkEvaluators } from './evaluate-network';
import { ownershipEvaluators } from './evaluate-ownership';
import { pepEvaluators } from './evaluate-pep';
import { proceedingEvaluators } from './evaluate-proceedings';
import { registryEvaluators } from './evaluate-registry';
import { sanctionEvaluators } from './evaluate-sanctions';
import { watchlistEvaluators } from './evaluate-watchlists';
import { toEvaluatedSignal, type SignalEvaluator } from './finding';

/** Every signal code the engine knows how to evaluate. */
export const signalEvaluators: Record<string, SignalEvaluator> = {
  ...sanctionEvaluators,
  ...pepEvaluators,
  ...proceedingEvaluators,
  ...registryEvaluators,
  ...ownershipEvaluators,
  ...mediaEvaluators,
  ...networkEvaluators,
  ...watchlistEvaluators,
};

/** Evaluates every rule of the catalog, in catalog order; a rule without an evaluator is a programming error. */
export function evaluateSignals(ctx: EvaluationContext, catalog: RuleCatalog): EvaluatedSignal[] {
  return catalog.signals.map((rule) => {
    const evaluate = signalEvaluators[rule.code];
    if (!evaluate) throw new Error(`no evaluator for signal ${rule.code}`);
    return toEvaluatedSignal(ctx, rule, evaluate(ctx, rule));
  });
}
