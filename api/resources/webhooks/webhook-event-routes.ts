import { findWebhookEvent, listWebhookAttempts, listWebhookEvents } from '../../../db/repositories/webhooks/webhook-event-repository';
import { NotFoundError } from '../../../domain/errors';
import { resendWebhookEvent } from '../../../usecases/webhooks/resend-webhook-event';
import { retryWebhookEvent } from '../../../usecases/webhooks/retry-webhook-event';
import { newestFirstPage, readNewestFirst } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { type ListEventsQuery, eventPageSchema, listEventsQuery } from './webhook-list-schemas';
import { eventDetailSchema, eventParams, eventSchema } from './webhook-schemas';
import { presentAttempt, presentEvent } from '../../presenters/webhook-presenter';

const tags = ['webhooks'];

export const webhookEventRoutes = [
  defineRoute({
    method: 'get',
    path: '/webhooks/webhook-events',
    operationId: 'listWebhookEvents',
    summary: 'The event (delivery) log, newest first, filtered',
    description:
      'Filters: status, endpoint_uuid, type, analysis_uuid, screening_uuid, report_uuid (the uuid the event announces), client_reference, ' +
      'created_from ≤ created_at < created_to. Pages `{items, next_cursor}`; unknown query parameters are 422.',
    tags,
    auth: { scope: 'webhooks:read' },
    query: listEventsQuery,
    responses: { 200: { description: 'a page of events', schema: eventPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const request = readNewestFirst(query as ListEventsQuery);
      const f = request.filters;
      const rows = await listWebhookEvents(
        deps.db,
        auth.companyId,
        {
          status: f.status,
          endpointUuid: f.endpoint_uuid,
          type: f.type,
          analysis_uuid: f.analysis_uuid,
          screening_uuid: f.screening_uuid,
          report_uuid: f.report_uuid,
          client_reference: f.client_reference,
          from: f.created_from,
          to: f.created_to,
        },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, presentEvent) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/webhooks/webhook-events/:event_uuid',
    operationId: 'getWebhookEvent',
    summary: 'One event with every delivery attempt (time, status code, duration, error, truncated response)',
    description:
      'One event with its signed payload and every delivery attempt: time, status code, duration, error, and the first 4 KiB of the response.',
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
    description:
      'Sends a `failed` event again: the status goes back to `pending` and a new delivery run starts (202). Any other status is 409.',
    tags,
    auth: { scope: 'webhooks:retry' },
    temporal: true,
    params: eventParams,
    responses: {
      202: { description: 'a new delivery is scheduled', schema: eventSchema },
      404: { description: 'no such event' },
      409: { description: 'the event is not failed, or its endpoint is not active' },
    },
    handler: async ({ params, actor, deps }) => ({
      status: 202,
      body: presentEvent(await retryWebhookEvent(deps, actor, { eventUuid: params.event_uuid })),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/webhooks/webhook-events/:event_uuid/resend',
    operationId: 'resendWebhookEvent',
    summary: 'Send an event again from any final state (succeeded, failed, canceled), with the same webhook-id',
    description:
      'A new delivery run of the event (workflow `delivery-<uuid>-retry-<n>`, the same `webhook-id`, so receivers deduplicate): the event goes back to `pending` and its attempts continue their numbering. Unlike retry, a delivered or canceled event may be sent again; 409 only while a delivery of it is in flight.',
    tags,
    auth: { scope: 'webhooks:retry' },
    temporal: true,
    params: eventParams,
    responses: {
      202: { description: 'a new delivery is scheduled (status back to pending)', schema: eventSchema },
      404: { description: 'no such event' },
      409: { description: 'a delivery of the event is still in flight (pending or delivering), or its endpoint is not active' },
    },
    handler: async ({ params, actor, deps }) => ({
      status: 202,
      body: presentEvent(await resendWebhookEvent(deps, actor, { eventUuid: params.event_uuid })),
    }),
  }),
];
