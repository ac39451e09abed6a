import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/create-db';
import {
  countWebhookEndpointsLocked,
  type EndpointRow,
  insertWebhookEndpoint,
} from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { rotateWebhookEndpointSecret, updateWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-change-repository';
import { FeatureNotInPlanError, NotFoundError, ValidationError } from '../../domain/errors';
import { effectiveLimit } from '../../domain/plan-limits';
import type { MemberActor } from '../../domain/actor';
import { checkWebhookUrl } from '../../domain/webhooks/target-url';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { generateWebhookSecret, sealEndpointSecret } from './support/endpoint-secret';

export type EndpointFields = { name: string; url: string; subscribedEvents: string[] };
export type EndpointChanges = Partial<EndpointFields> & { status?: 'active' | 'paused' };

/** Webhooks are a plan feature: creating, re-activating and sending need it; reads do not. */
export function requireWebhooksFeature(actor: MemberActor): void {
  if (!actor.plan.features.includes('webhooks')) throw new FeatureNotInPlanError('webhooks');
}

function checkedUrl(url: string, allowPrivate: boolean): string {
  const problem = checkWebhookUrl(url, allowPrivate);
  if (problem) throw ValidationError.single(['url'], problem, 'url_invalid');
  return url;
}

/** A new endpoint with a fresh secret, stored sealed; the secret is returned this once. */
export async function registerWebhookEndpoint(
  db: Executor,
  encryptionKey: string,
  companyId: number,
  fields: EndpointFields,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const uuid = randomUUID();
  const secret = generateWebhookSecret();
  const endpoint = await insertWebhookEndpoint(db, {
    uuid,
    companyId,
    ...fields,
    secretCiphertext: sealEndpointSecret(encryptionKey, uuid, secret),
  });
  return { endpoint, secret };
}

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

/** Re-activating needs the plan feature (it will receive events again); pausing never does. */
export async function changeWebhookEndpoint(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; changes: EndpointChanges },
): Promise<EndpointRow> {
  const { uuid, changes } = input;
  if (changes.status === 'active') requireWebhooksFeature(actor);
  const url = changes.url === undefined ? undefined : checkedUrl(changes.url, deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS);
  return deps.db.transaction(async (trx) => {
    const row = await updateWebhookEndpoint(trx, actor.company.id, uuid, { ...changes, url });
    if (!row) throw new NotFoundError('webhook endpoint');
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'webhook_endpoint.updated',
      resource: { type: 'webhook_endpoint', uuid: row.uuid },
      changes: { name: changes.name, url, subscribed_events: changes.subscribedEvents, status: changes.status },
    });
    return row;
  });
}

/**
 * A new secret, shown only in this answer; the old one keeps signing beside it for
 * WEBHOOK_SECRET_OVERLAP (24 h), so receivers can switch without losing an event.
 */
export async function rotateEndpointSecret(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string },
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const { uuid } = input;
  const secret = generateWebhookSecret();
  const sealed = sealEndpointSecret(deps.config.WEBHOOK_ENCRYPTION_KEY, uuid, secret);
  return deps.db.transaction(async (trx) => {
    const endpoint = await rotateWebhookEndpointSecret(trx, actor.company.id, uuid, sealed, deps.config.WEBHOOK_SECRET_OVERLAP);
    if (!endpoint) throw new NotFoundError('webhook endpoint');
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'webhook_endpoint.secret_rotated',
      resource: { type: 'webhook_endpoint', uuid: endpoint.uuid },
      changes: { secret_version: endpoint.secret_version, previous_secret_expires_at: endpoint.previous_secret_expires_at },
    });
    return { endpoint, secret };
  });
}
