import { webhookEventTypes } from '../../domain/webhooks/event-catalog';
import { sendTestEvent } from '../../usecases/webhooks/send-test-event';
import { rotateEndpointSecret } from '../../usecases/webhooks/webhook-endpoints';
import { defineRoute } from '../routing';
import { endpointParams, eventTypesSchema, rotatedSecretSchema, testEventSchema } from '../schemas/webhook-schemas';

const tags = ['webhooks'];

/** What can be done to an endpoint beyond editing it — rotate its secret, send it a test — and the event catalog. */
export const webhookEndpointActionRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    summary: 'Replace the signing secret; the old one stops signing at once, the new one is shown only here',
    description: 'Issues a new signing secret, shown only in this response. For 24 hours deliveries carry two signatures (new first, then the previous secret) so the receiver can switch without losing an event.',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    responses: { 200: { description: 'the new secret', schema: rotatedSecretSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, auth, deps }) => {
      const rotated = await rotateEndpointSecret(deps, auth, params.endpoint_uuid);
      return { status: 200, body: { uuid: rotated.endpoint.uuid, secret: rotated.secret, secret_version: rotated.endpoint.secret_version }, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/test',
    operationId: 'testWebhookEndpoint',
    summary: 'Send a webhook.test event to this endpoint now',
    description: 'Publishes a `webhook.test` event to this endpoint and delivers it like any other (signed, retried): 202 with the event uuid, whose attempts GET /webhooks/webhook-events/{uuid} shows.',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    responses: { 202: { description: 'the event is being delivered', schema: testEventSchema }, 404: { description: 'no such endpoint' }, 409: { description: 'the endpoint is paused or disabled' } },
    handler: async ({ params, auth, deps }) => {
      const { eventUuid } = await sendTestEvent(deps, auth, params.endpoint_uuid);
      return { status: 202, body: { event_uuid: eventUuid, status: 'pending' } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/event-types',
    operationId: 'listWebhookEventTypes',
    summary: 'The catalog of webhook event kinds',
    description: 'The kinds of events an endpoint can subscribe to, with what each one announces.',
    tags,
    auth: { scope: 'webhooks:read' },
    responses: { 200: { description: 'event kinds', schema: eventTypesSchema } },
    handler: async () => ({ status: 200, body: { data: webhookEventTypes.map((t) => ({ type: t.type, description: t.description })) } }),
  }),
];
