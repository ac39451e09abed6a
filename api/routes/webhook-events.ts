import { findWebhookEvent, listWebhookAttempts, listWebhookEvents } from '../../db/repositories/webhook-event-repository';
import { NotFoundError } from '../../domain/errors';
import { retryWebhookEvent } from '../../usecases/webhooks/retry-webhook-event';
import { decodeCursor, idPosition, toPage } from '../pagination';
import { defineRoute } from '../routing';
import { eventDetailSchema, eventPageSchema, eventParams, eventSchema, listEventsQuery } from '../schemas/webhook-schemas';
import { presentAttempt, presentEvent } from '../webhook-presenter';

const tags = ['webhooks'];

export const webhookEventRoutes = [
  defineRoute({
    method: 'get',
    path: '/webhooks/webhook-events',
    operationId: 'listWebhookEvents',
    summary: 'The event (delivery) log, newest first, filtered by status, endpoint and type',
    description: 'The delivery log of the caller\'s company, newest first, filtered by status, endpoint and kind.',
    tags,
    auth: { scope: 'webhooks:read' },
    query: listEventsQuery,
    responses: { 200: { description: 'a page of events', schema: eventPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const rows = await listWebhookEvents(deps.db, auth.companyId, { status: query.status, endpointUuid: query.endpoint_uuid, type: query.type }, { afterId: decodeCursor(query.cursor, idPosition) ?? null, limit: query.limit + 1 });
      const page = toPage(rows, query.limit, presentEvent, (row) => row.id);
      return { status: 200, body: { data: page.items, next_cursor: page.next_cursor } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/webhook-events/:event_uuid',
    operationId: 'getWebhookEvent',
    summary: 'One event with every delivery attempt (time, status code, duration, error, truncated response)',
    description: 'One event with its signed payload and every delivery attempt: time, status code, duration, error, and the first 4 KiB of the response.',
    tags,
    auth: { scope: 'webhooks:read' },
    params: eventParams,
    responses: { 200: { description: 'the event', schema: eventDetailSchema }, 404: { description: 'no such event' } },
    handler: async ({ params, auth, deps }) => {
      const row = await findWebhookEvent(deps.db, auth.companyId, params.event_uuid);
      if (!row) throw new NotFoundError('webhook event');
      const attempts = await listWebhookAttempts(deps.db, row.id);
      return { status: 200, body: { ...presentEvent(row), attempts: attempts.map(presentAttempt) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/webhook-events/:event_uuid/retry',
    operationId: 'retryWebhookEvent',
    summary: 'Resend a failed event (status back to pending); any other status is 409',
    description: 'Sends a `failed` event again: the status goes back to `pending` and a new delivery run starts (202). Any other status is 409.',
    tags,
    auth: { scope: 'webhooks:retry' },
    params: eventParams,
    responses: { 202: { description: 'a new delivery is scheduled', schema: eventSchema }, 404: { description: 'no such event' }, 409: { description: 'the event is not failed, or its endpoint is not active' } },
    handler: async ({ params, auth, deps }) => {
      const event = await retryWebhookEvent(deps, auth.companyId, params.event_uuid);
      return { status: 202, body: presentEvent(event) };
    },
  }),
];
