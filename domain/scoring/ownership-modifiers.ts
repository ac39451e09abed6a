import type { EvaluationContext } from './context';
import { evidence } from './finding';
import { type ModifierEvaluator, identified, when } from './modifier-outcome';

/** Modifiers of the ownership pillar. */
export const ownershipModifiers: Record<string, ModifierEvaluator> = {
  AGG_OWNERSHIP_FOREIGN_AND_OPAQUE: (_ctx, signals) =>
    when(
      identified(signals, 'OWNERSHIP_FOREIGN_OWNER') &&
        (identified(signals, 'OWNERSHIP_UNRESOLVED_CHAIN') || identified(signals, 'OWNERSHIP_CYCLE')),
    ),
  ATT_OWNERSHIP_DECLARED_UBO: (ctx) => {
    const owners = declaredPersonOwners(ctx);
    return when(
      owners.length > 0,
      owners.map((d) =>
        evidence('declaration', `Declared beneficial owner ${d.owner_entity_id}`, `BODS statement ${d.statement_id}`, { ...d }),
      ),
    );
  },
};

/** The subject's owners who are persons and declared beneficial owners (BODS). */
export function declaredPersonOwners(ctx: EvaluationContext) {
  return ctx
    .ownersOf(ctx.subjectId)
    .filter(
      (e) =>
        e.declaration !== null &&
        e.declaration.beneficial_ownership_or_control !== false &&
        ctx.entity(e.ownerId)?.entity_type === 'person',
    )
    .map((e) => e.declaration!);
}
