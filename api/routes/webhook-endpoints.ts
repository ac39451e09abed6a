import { randomUUID } from 'node:crypto';
import { ConflictError, FeatureNotInPlanError, NotFoundError, ValidationError } from '../../domain/errors';
import type { AuthContext } from '../../domain/tenancy';
import { webhookEventTypes } from '../../domain/webhooks/event-catalog';
import { decodeCursor, encodeCursor } from '../../domain/webhooks/page-cursor';
import { checkWebhookUrl } from '../../domain/webhooks/target-url';
import { findWebhookEndpoint, insertWebhookEndpoint, listWebhookEndpoints, rotateWebhookEndpointSecret, updateWebhookEndpoint } from '../../db/repositories/webhook-endpoint-repository';
import { publishWebhookEventNow } from '../../db/repositories/webhook-publishing';
import { defineRoute } from '../routing';
import {
  createEndpointBody,
  endpointParams,
  endpointPageSchema,
  endpointSchema,
  endpointWithSecretSchema,
  eventTypesSchema,
  listEndpointsQuery,
  patchEndpointBody,
  presentEndpoint,
  rotatedSecretSchema,
  testEventSchema,
} from '../schemas/webhook-schemas';

/** Webhooks are a plan feature: creating, re-activating and sending need it; reads do not. */
function requireWebhooksFeature(auth: AuthContext): void {
  if (!auth.plan.features.has('webhooks')) throw new FeatureNotInPlanError('webhooks');
}

function validUrl(url: string, allowPrivate: boolean): string {
  const problem = checkWebhookUrl(url, allowPrivate);
  if (problem) throw ValidationError.single(['body', 'url'], problem, 'url_invalid');
  return url;
}

export function parseCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const id = decodeCursor(cursor);
  if (id === null) throw ValidationError.single(['query', 'cursor'], 'malformed cursor', 'cursor_invalid');
  return id;
}

const tags = ['webhooks'];

export const webhookEndpointRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints',
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint; the signing secret is shown in this response only',
    tags,
    auth: { scope: 'webhooks:write' },
    body: createEndpointBody,
    responses: { 201: { description: 'created', schema: endpointWithSecretSchema } },
    handler: async ({ body, auth, deps }) => {
      requireWebhooksFeature(auth);
      const { endpoint, secret } = await insertWebhookEndpoint(deps.db, {
        companyId: auth.companyId,
        name: body.name,
        url: validUrl(body.url, deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS),
        subscribedEvents: body.subscribed_events,
        encryptionKey: deps.config.WEBHOOK_ENCRYPTION_KEY,
      });
      return { status: 201, body: { ...presentEndpoint(endpoint), secret }, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints',
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints, newest first (cursor pagination)',
    tags,
    auth: { scope: 'webhooks:read' },
    query: listEndpointsQuery,
    responses: { 200: { description: 'a page of endpoints', schema: endpointPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const rows = await listWebhookEndpoints(deps.db, auth.companyId, { afterId: parseCursor(query.cursor), limit: query.limit + 1 });
      const page = rows.slice(0, query.limit);
      return { status: 200, body: { data: page.map(presentEndpoint), next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].id) : null } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints/:endpoint_uuid',
    operationId: 'getWebhookEndpoint',
    summary: 'A webhook endpoint with its delivery health (never its secret)',
    tags,
    auth: { scope: 'webhooks:read' },
    params: endpointParams,
    responses: { 200: { description: 'the endpoint', schema: endpointSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, auth, deps }) => {
      const row = await findWebhookEndpoint(deps.db, auth.companyId, params.endpoint_uuid);
      if (!row) throw new NotFoundError('webhook endpoint');
      return { status: 200, body: presentEndpoint(row) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/webhooks/endpoints/:endpoint_uuid',
    operationId: 'updateWebhookEndpoint',
    summary: 'Change name, url, subscribed_events or status (active | paused)',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    body: patchEndpointBody,
    responses: { 200: { description: 'the updated endpoint', schema: endpointSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, body, auth, deps }) => {
      if (body.status === 'active') requireWebhooksFeature(auth);
      const row = await updateWebhookEndpoint(deps.db, auth.companyId, params.endpoint_uuid, {
        name: body.name,
        url: body.url === undefined ? undefined : validUrl(body.url, deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS),
        subscribedEvents: body.subscribed_events,
        status: body.status,
      });
      if (!row) throw new NotFoundError('webhook endpoint');
      return { status: 200, body: presentEndpoint(row) };
    },
  }),
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
