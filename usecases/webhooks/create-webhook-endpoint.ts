import { countWebhookEndpointsLocked, type EndpointRow } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { ValidationError } from '../../domain/errors';
import { effectiveLimit } from '../../domain/plan-limits';
import type { MemberActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { requireWebhooksFeature } from './support/require-webhooks-feature';
import { checkedUrl, type EndpointFields, registerWebhookEndpoint } from './support/webhook-endpoint-fields';

/**
 * Every endpoint multiplies each event the company publishes into one more delivery: a company
 * has at most WEBHOOK_MAX_ENDPOINTS_PER_COMPANY of them (its plan may say otherwise), 422 beyond.
 * Endpoints are never deleted; one no longer wanted is paused or pointed elsewhere (PATCH).
 */
export async function createWebhookEndpoint(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { fields: EndpointFields },
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const { fields } = input;
  requireWebhooksFeature(actor);
  const url = checkedUrl(fields.url, deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
  const limit = effectiveLimit(actor.planLimits, 'webhook_endpoints', deps.config.WEBHOOK_MAX_ENDPOINTS_PER_COMPANY);
  return deps.db.transaction(async (trx) => {
    if ((await countWebhookEndpointsLocked(trx, actor.company.id)) >= limit) {
      throw ValidationError.single(
        [],
        `this company has ${limit} webhook endpoints, the most its plan allows; pause or re-point one (PATCH) instead`,
        'limit_exceeded',
      );
    }
    const registered = await registerWebhookEndpoint(trx, deps.config.WEBHOOK_ENCRYPTION_KEY, actor.company.id, { ...fields, url });
    // The secret is never recorded: only that the endpoint got one.
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'webhook_endpoint.created',
      resource: { type: 'webhook_endpoint', uuid: registered.endpoint.uuid },
      changes: {
        name: fields.name,
        url,
        subscribed_events: fields.subscribedEvents,
        status: registered.endpoint.status,
        secret_version: registered.endpoint.secret_version,
      },
    });
    return registered;
  });
}
