import type { MemberActor } from '../../../domain/actor';
import { FeatureNotInPlanError } from '../../../domain/errors';

/** Webhooks are a plan feature: creating, re-activating and sending need it; reads do not. */
export function requireWebhooksFeature(actor: MemberActor): void {
  if (!actor.plan.features.includes('webhooks')) throw new FeatureNotInPlanError('webhooks');
}
