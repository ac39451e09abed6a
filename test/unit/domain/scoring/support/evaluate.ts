import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import { ruleCatalogV1 } from '../../../../../domain/rules';
import type { RuleCatalog } from '../../../../../domain/rules/types';
import { canonicalizeSnapshot } from '../../../../../domain/scoring/canonical-snapshot';
import { buildContext, type EvaluationContext } from '../../../../../domain/scoring/context';
import type { Finding, SignalEvaluator } from '../../../../../domain/scoring/finding';

/** The context scoring builds for a snapshot: its canonical form, with the catalog's parameters. */
export function contextOf(snapshot: Snapshot, catalog: RuleCatalog = ruleCatalogV1): EvaluationContext {
  return buildContext(canonicalizeSnapshot(snapshot), catalog);
}

/** One evaluator run on its own, against the catalog's rule: no scoreSnapshot around it. */
export function evaluate(evaluators: Record<string, SignalEvaluator>, code: string, snapshot: Snapshot): Finding {
  const rule = ruleCatalogV1.signals.find((s) => s.code === code);
  if (!rule || !evaluators[code]) throw new Error(`no rule or evaluator ${code}`);
  return evaluators[code](contextOf(snapshot), rule);
}

/** The codes of one evaluator family that identify something in the snapshot, in catalog order. */
export function identifiedBy(evaluators: Record<string, SignalEvaluator>, snapshot: Snapshot): string[] {
  return ruleCatalogV1.signals.map((s) => s.code).filter((code) => code in evaluators && evaluate(evaluators, code, snapshot).identified);
}
