import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { webhookEventTypes } from '../../domain/webhooks/event-catalog';
import { findWebhookEndpoint, rotateWebhookEndpointSecret } from '../../db/repositories/webhook-endpoint-repository';
import { publishWebhookEventNow } from '../../infra/webhook-publishing';
import { defineRoute } from '../routing';
import { endpointParams, eventTypesSchema, rotatedSecretSchema, testEventSchema } from '../schemas/webhook-schemas';
import { requireWebhooksFeature } from '../webhook-route-support';

const tags = ['webhooks'];

/** What can be done to an endpoint beyond editing it — rotate its secret, send it a test — and the event catalog. */
export const webhookEndpointActionRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    summary: 'Replace the signing secret; the old one stops signing at once, the new one is shown only here',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    responses: { 200: { description: 'the new secret', schema: rotatedSecretSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, auth, deps }) => {
      const rotated = await rotateWebhookEndpointSecret(deps.db, auth.companyId, params.endpoint_uuid, deps.config.WEBHOOK_ENCRYPTION_KEY);
      if (!rotated) throw new NotFoundError('webhook endpoint');
      return { status: 200, body: { uuid: rotated.endpoint.uuid, secret: rotated.secret, secret_version: rotated.endpoint.secret_version }, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/test',
    operationId: 'testWebhookEndpoint',
    summary: 'Send a webhook.test event to this endpoint now',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    responses: { 202: { description: 'the event is being delivered', schema: testEventSchema }, 404: { description: 'no such endpoint' }, 409: { description: 'the endpoint is paused or disabled' } },
    handler: async ({ params, auth, deps }) => {
      requireWebhooksFeature(auth);
      const endpoint = await findWebhookEndpoint(deps.db, auth.companyId, params.endpoint_uuid);
      if (!endpoint) throw new NotFoundError('webhook endpoint');
      if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it to send a test`);
      const { eventUuids } = await publishWebhookEventNow(deps, {
        companyId: auth.companyId,
        type: 'webhook.test',
        data: { endpoint_uuid: endpoint.uuid, message: 'This is a test event from the Entity Risk Analysis Service.' },
        explicitEndpointUuid: endpoint.uuid,
        idempotencyKey: `test-${randomUUID()}`,
      });
      if (eventUuids.length === 0) throw new ConflictError('webhook endpoint is not active');
      return { status: 202, body: { event_uuid: eventUuids[0], status: 'pending' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/event-types',
    operationId: 'listWebhookEventTypes',
    summary: 'The catalog of webhook event kinds',
    tags,
    auth: { scope: 'webhooks:read' },
    responses: { 200: { description: 'event kinds', schema: eventTypesSchema } },
    handler: async () => ({ status: 200, body: { data: webhookEventTypes.map((t) => ({ type: t.type, description: t.description })) } }),
  }),
];
