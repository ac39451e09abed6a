import { mediaAndNetworkModifiers } from './media-and-network-modifiers';
import type { ModifierEvaluator } from './modifier-outcome';
import { ownershipModifiers } from './ownership-modifiers';
import { proceedingAndRegistryModifiers } from './proceeding-and-registry-modifiers';
import { sanctionAndPepModifiers } from './sanction-and-pep-modifiers';

export type { ModifierEvaluator, ModifierOutcome } from './modifier-outcome';

/** Every modifier rule's evaluator by rule code, pillar by pillar (the rule catalog names them). */
export const modifierEvaluators: Record<string, ModifierEvaluator> = {
  ...sanctionAndPepModifiers,
  ...proceedingAndRegistryModifiers,
  ...ownershipModifiers,
  ...mediaAndNetworkModifiers,
};
