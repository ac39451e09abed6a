import { NotFoundError } from '../../domain/errors';
import { encodeCursor } from '../../domain/webhooks/page-cursor';
import { findWebhookEndpoint, insertWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from '../../db/repositories/webhook-endpoint-repository';
import { defineRoute } from '../routing';
import { createEndpointBody, endpointParams, endpointPageSchema, endpointSchema, endpointWithSecretSchema, listEndpointsQuery, patchEndpointBody, presentEndpoint } from '../schemas/webhook-schemas';
import { parseCursor, requireWebhooksFeature, validUrl } from '../webhook-route-support';

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
];
