import { findWebhookEndpoint, listWebhookEndpoints } from '../../../db/repositories/webhooks/webhook-endpoint-repository';
import { findDeliveryFigures } from '../../../db/repositories/webhooks/webhook-delivery-figures-repository';
import { NotFoundError } from '../../../domain/errors';
import { changeWebhookEndpoint } from '../../../usecases/webhooks/change-webhook-endpoint';
import { createWebhookEndpoint } from '../../../usecases/webhooks/create-webhook-endpoint';
import { decodeCursor, idPosition, toPage } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { endpointPageSchema, listEndpointsQuery } from './webhook-list-schemas';
import {
  createEndpointBody,
  endpointDetailSchema,
  endpointParams,
  endpointSchema,
  endpointWithSecretSchema,
  patchEndpointBody,
} from './webhook-schemas';
import { presentDeliveryFigures, presentEndpoint } from '../../presenters/webhook-presenter';

const tags = ['webhooks'];

export const webhookEndpointRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints',
    operationId: 'createWebhookEndpoint',
    summary: 'Create a webhook endpoint; the signing secret is shown in this response only',
    description:
      'Registers an HTTPS (or, when allowed, HTTP) endpoint for the given event kinds. The signing secret (`whsec_…`) is shown only in this response; the target is checked against private and metadata ranges at connect time. A company has at most 50 endpoints (its plan may allow another number): 422 `limit_exceeded` beyond.',
    tags,
    auth: { scope: 'webhooks:write' },
    body: createEndpointBody,
    responses: {
      201: { description: 'created', schema: endpointWithSecretSchema },
      422: {
        description:
          "invalid body; or limit_exceeded: the company already has its plan's most webhook endpoints (default 50); endpoints are never deleted, so pause or re-point one (PATCH)",
        examples: {
          invalid_body: {
            summary: 'a field is missing or invalid',
            value: { detail: [{ loc: ['body', 'name'], msg: 'Invalid input: expected string, received undefined', type: 'invalid_type' }] },
          },
          limit_exceeded: {
            summary: 'the company has as many endpoints as its plan allows',
            value: {
              detail: [
                {
                  loc: ['body'],
                  msg: 'this company has 50 webhook endpoints, the most its plan allows; pause or re-point one (PATCH) instead',
                  type: 'limit_exceeded',
                },
              ],
            },
          },
        },
      },
    },
    handler: async ({ body, actor, deps }) => {
      const { endpoint, secret } = await createWebhookEndpoint(deps, actor, {
        fields: { name: body.name, url: body.url, subscribedEvents: body.subscribed_events },
      });
      return { status: 201, body: { ...presentEndpoint(endpoint), secret }, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints',
    operationId: 'listWebhookEndpoints',
    summary: 'List webhook endpoints, newest first (cursor pagination)',
    description: "The endpoints of the caller's company, newest first, with their status and failure streak.",
    tags,
    auth: { scope: 'webhooks:read' },
    query: listEndpointsQuery,
    responses: { 200: { description: 'a page of endpoints', schema: endpointPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const rows = await listWebhookEndpoints(deps.db, auth.companyId, {
        afterId: decodeCursor(query.cursor, idPosition) ?? null,
        limit: query.limit + 1,
      });
      const page = toPage(rows, query.limit, presentEndpoint, (row) => row.id);
      return { status: 200, body: page };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/endpoints/:endpoint_uuid',
    operationId: 'getWebhookEndpoint',
    summary: 'A webhook endpoint with its delivery health and its figures of the last 24 hours (never its secret)',
    description:
      "One endpoint: URL, subscribed kinds, status (`active`, `paused`, or `disabled` by the service), its last success and failure, the previous secret's overlap after a rotation, and `delivery_figures`: attempts, successes, success rate and median duration of the last 24 hours.",
    tags,
    auth: { scope: 'webhooks:read' },
    params: endpointParams,
    responses: { 200: { description: 'the endpoint', schema: endpointDetailSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, auth, deps }) => {
      const row = await findWebhookEndpoint(deps.db, auth.companyId, params.endpoint_uuid);
      if (!row) throw new NotFoundError('webhook endpoint');
      return {
        status: 200,
        body: { ...presentEndpoint(row), delivery_figures: presentDeliveryFigures(await findDeliveryFigures(deps.db, row.id)) },
      };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/webhooks/endpoints/:endpoint_uuid',
    operationId: 'updateWebhookEndpoint',
    summary: 'Change name, url, subscribed_events or status (active | paused)',
    description: 'Changes the name, URL or subscribed kinds, or pauses and resumes the endpoint; only the fields given change.',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    body: patchEndpointBody,
    responses: { 200: { description: 'the updated endpoint', schema: endpointSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, body, actor, deps }) => {
      const row = await changeWebhookEndpoint(deps, actor, {
        uuid: params.endpoint_uuid,
        changes: { name: body.name, url: body.url, subscribedEvents: body.subscribed_events, status: body.status },
      });
      return { status: 200, body: presentEndpoint(row) };
    },
  }),
];
