import { addMonths, toDay } from '../snapshot-facts/calendar';
import { declaredPersonOwners } from './ownership-modifiers';
import { type ModifierEvaluator, identifiedIn, when, onlyThese, signalEvidence } from './modifier-outcome';

/** Modifiers of the legal proceedings and registry status pillars. */
export const proceedingAndRegistryModifiers: Record<string, ModifierEvaluator> = {
  AGG_PROCEEDING_RECENT_DECISION: (ctx, signals, rule) => {
    const since = addMonths(ctx.asOf, -Number(rule.parameters.recent_months));
    const recent = (signals.get('PROCEEDING_SANCTIONING_DECISION')?.evidences ?? []).filter((e) => {
      const decided = toDay((e.content as { decision_date?: string | null }).decision_date);
      return decided !== null && decided >= since;
    });
    return when(recent.length > 0, recent);
  },
  ATT_PROCEEDINGS_ASSOCIATE_ONLY: (_ctx, signals) => when(onlyThese(signals, 'legal_proceedings', ['PROCEEDING_ASSOCIATE'])),
  AGG_REGISTRY_MULTIPLE_FLAGS: (_ctx, signals) => {
    const found = identifiedIn(signals, 'registry_status');
    return when(found.length >= 2, found.map(signalEvidence));
  },
  ATT_REGISTRY_RECENT_WITH_DECLARED_UBO: (ctx, signals) =>
    when(onlyThese(signals, 'registry_status', ['REGISTRY_RECENT_INCORPORATION']) && declaredPersonOwners(ctx).length > 0),
};
