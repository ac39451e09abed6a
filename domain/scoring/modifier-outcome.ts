import type { EvaluatedSignal, Evidence, Limitation } from '../analysis/verdict';
import type { ModifierRule } from '../rules/types';
import type { EvaluationContext } from './context';
import { evidence } from './finding';

/** What a modifier rule decides, and the helpers its evaluators share to read the evaluated signals. */
export type ModifierOutcome = { applies: boolean; evidences: Evidence[]; limitations: Limitation[] };
export type Signals = Map<string, EvaluatedSignal>;
export type ModifierEvaluator = (ctx: EvaluationContext, signals: Signals, rule: ModifierRule) => ModifierOutcome;

export const identified = (signals: Signals, code: string) => signals.get(code)?.identified === true;
export const identifiedIn = (signals: Signals, pillar: string) => [...signals.values()].filter((s) => s.pillar === pillar && s.identified);
export const when = (applies: boolean, evidences: Evidence[] = []): ModifierOutcome => ({
  applies,
  evidences: applies ? evidences : [],
  limitations: [],
});
export const onlyThese = (signals: Signals, pillar: string, codes: string[]) => {
  const found = identifiedIn(signals, pillar);
  return found.length > 0 && found.every((s) => codes.includes(s.code));
};
export const signalEvidence = (s: EvaluatedSignal) =>
  evidence('signal', s.name, `Signal ${s.code} is identified`, { code: s.code, observed_entity_ids: s.observed_entity_ids });
