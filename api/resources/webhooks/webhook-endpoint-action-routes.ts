import { webhookEventTypes } from '../../../domain/webhooks/event-catalog';
import { startWebhookRecovery } from '../../../usecases/webhooks/start-webhook-recovery';
import { sendTestEvent } from '../../../usecases/webhooks/send-test-event';
import { rotateEndpointSecret } from '../../../usecases/webhooks/rotate-endpoint-secret';
import { isoTimestamp } from '../../edge/iso-timestamp';
import { defineRoute } from '../../edge/routing';
import { endpointRecoverySchema, recoverEndpointBody } from './webhook-recovery-schemas';
import { endpointParams, eventTypesSchema, rotatedSecretSchema, testEventSchema } from './webhook-schemas';

const tags = ['webhooks'];

/** What can be done to an endpoint beyond editing it — rotate its secret, test it, recover its failures — and the event catalog. */
export const webhookEndpointActionRoutes = [
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/rotate-secret',
    operationId: 'rotateWebhookEndpointSecret',
    summary: 'Replace the signing secret; the old one keeps signing beside it for 24 hours',
    description:
      'The new secret is shown only here. Until previous_secret_expires_at (WEBHOOK_SECRET_OVERLAP, default 24 h) every delivery carries two ' +
      'signatures, new first, so a receiver verifies with either secret; a second rotation inside the window drops the oldest secret.',
    tags,
    auth: { scope: 'webhooks:write' },
    params: endpointParams,
    responses: { 200: { description: 'the new secret', schema: rotatedSecretSchema }, 404: { description: 'no such endpoint' } },
    handler: async ({ params, actor, deps }) => {
      const rotated = await rotateEndpointSecret(deps, actor, { uuid: params.endpoint_uuid });
      const body = {
        uuid: rotated.endpoint.uuid,
        secret: rotated.secret,
        secret_version: rotated.endpoint.secret_version,
        previous_secret_expires_at: isoTimestamp(rotated.endpoint.previous_secret_expires_at)!,
      };
      return { status: 200, body, headers: { 'Cache-Control': 'no-store' } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/test',
    operationId: 'testWebhookEndpoint',
    summary: 'Send a webhook.test event to this endpoint now',
    description:
      'Publishes a `webhook.test` event to this endpoint and delivers it like any other (signed, retried): 202 with the event uuid, whose attempts GET /webhooks/webhook-events/{uuid} shows.',
    tags,
    auth: { scope: 'webhooks:write' },
    temporal: true,
    params: endpointParams,
    responses: {
      202: { description: 'the event is being delivered', schema: testEventSchema },
      404: { description: 'no such endpoint' },
      409: { description: 'the endpoint is paused or disabled' },
      429: {
        description:
          "rate_limited: this endpoint's test events per minute (default 10; the plan may say otherwise), or the key's requests per second; nothing was published",
        examples: {
          test_events: {
            summary: "this endpoint's test events of the minute are spent (RateLimit-Limit: the per-minute limit)",
            value: { detail: 'rate_limited' },
          },
          requests: { summary: "the key's requests per second", value: { detail: 'rate_limited' } },
        },
      },
    },
    handler: async ({ params, actor, deps }) => {
      const { eventUuid } = await sendTestEvent(deps, actor, { endpointUuid: params.endpoint_uuid });
      return { status: 202, body: { event_uuid: eventUuid, status: 'pending' } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/endpoints/:endpoint_uuid/recover',
    operationId: 'recoverWebhookEndpoint',
    summary: 'Retry every failed event of this endpoint created since `since`',
    description:
      'Answers at once: a workflow retries them, oldest first, each exactly like POST /webhooks/webhook-events/{uuid}/retry, a few at a time at bulk priority. GET /workflows/{workflow_id} follows it (`current_step`: retried and skipped so far). The same request while that recover runs joins it.',
    tags,
    auth: { scope: 'webhooks:retry' },
    temporal: true,
    params: endpointParams,
    body: recoverEndpointBody,
    responses: {
      202: { description: 'the recover started (or was already running)', schema: endpointRecoverySchema },
      404: { description: 'no such endpoint' },
      409: { description: 'the endpoint is paused or disabled' },
    },
    handler: async ({ params, body, actor, deps }) => ({
      status: 202,
      body: await startWebhookRecovery(deps, actor, { endpointUuid: params.endpoint_uuid, since: body.since }),
    }),
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
    handler: async () => ({
      status: 200,
      body: { items: webhookEventTypes.map((t) => ({ type: t.type, description: t.description })), next_cursor: null },
    }),
  }),
];
