import { z } from 'zod';
import { webhookEventTypeNames } from '../../../domain/webhooks/event-catalog';
import { text } from '../../edge/request-fields';
import * as examples from './webhook-examples';
import { webhookUrl } from './webhook-url';

/** Request and response shapes of the webhook routes (docs/webhooks.md; docs/webhooks.md). */
export const eventKind = z.enum(webhookEventTypeNames, { error: `must be one of ${webhookEventTypeNames.join(', ')}` });
const subscribedEvents = z
  .array(eventKind)
  .max(webhookEventTypeNames.length * 4)
  .transform((kinds) => [...new Set(kinds)].sort());
const name = text({ max: 128, min: 1, trim: true });
const url = webhookUrl;

export const createEndpointBody = z
  .strictObject({ name, url, subscribed_events: subscribedEvents })
  .meta({ id: 'CreateWebhookEndpoint', examples: [examples.createEndpointExample] });
export type CreateEndpointBody = z.infer<typeof createEndpointBody>;

export const patchEndpointBody = z
  .strictObject({
    name: name.optional(),
    url: url.optional(),
    subscribed_events: subscribedEvents.optional(),
    status: z.enum(['active', 'paused'], { error: 'must be active or paused (disabled is set by the service)' }).optional(),
  })
  .meta({ id: 'UpdateWebhookEndpoint', description: 'Only the fields given change.', examples: [examples.patchEndpointExample] });
export type PatchEndpointBody = z.infer<typeof patchEndpointBody>;

export const endpointParams = z.strictObject({ endpoint_uuid: z.uuid().describe('the webhook endpoint uuid') });
export const eventParams = z.strictObject({
  event_uuid: z.uuid().describe('the event uuid (also the `webhook-id` header of its deliveries)'),
});

const timestamp = z.iso.datetime({ offset: true }).nullable();
export const eventStatusSchema = z.enum(['pending', 'delivering', 'succeeded', 'failed', 'canceled']).meta({ id: 'WebhookEventStatus' });

export const endpointSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string(),
    url: z.string(),
    subscribed_events: z.array(z.string()),
    status: z.enum(['active', 'paused', 'disabled']),
    disabled_reason: z.string().nullable(),
    secret_version: z.number().int(),
    consecutive_failures: z.number().int(),
    last_success_at: timestamp,
    last_failure_at: timestamp,
    previous_secret_expires_at: timestamp.describe(
      'after a rotation: until then deliveries carry a second signature with the previous secret',
    ),
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'WebhookEndpoint', examples: [examples.endpointExample] });
export type EndpointBody = z.infer<typeof endpointSchema>;
export const deliveryFiguresSchema = z
  .object({
    window_hours: z.literal(24),
    attempts: z.int(),
    succeeded: z.int(),
    success_rate: z.number().min(0).max(1).nullable().describe('succeeded / attempts; null without attempts'),
    p50_duration_ms: z.int().nullable(),
  })
  .meta({
    id: 'WebhookDeliveryFigures',
    description: 'delivery attempts of the last 24 hours',
    examples: [examples.deliveryFiguresExample],
  });
export const endpointDetailSchema = endpointSchema
  .extend({ delivery_figures: deliveryFiguresSchema })
  .meta({ id: 'WebhookEndpointWithFigures', examples: [examples.endpointDetailExample] });
export const endpointWithSecretSchema = endpointSchema
  .extend({ secret: z.string().describe('whsec_…; shown only in this response') })
  .meta({ id: 'WebhookEndpointWithSecret', examples: [examples.endpointWithSecretExample] });
export const rotatedSecretSchema = z
  .object({
    uuid: z.uuid(),
    secret: z.string(),
    secret_version: z.number().int(),
    previous_secret_expires_at: z.iso
      .datetime({ offset: true })
      .describe('until then every delivery is signed with both secrets (new first)'),
  })
  .meta({ id: 'RotatedWebhookSecret', examples: [examples.rotatedSecretExample] });
export const eventTypesSchema = z
  .object({ items: z.array(z.object({ type: z.string(), description: z.string() })), next_cursor: z.null() })
  .meta({ id: 'WebhookEventTypes', examples: [examples.eventTypesExample] });
export const testEventSchema = z
  .object({ event_uuid: z.uuid(), status: z.literal('pending') })
  .meta({ id: 'WebhookTestEvent', examples: [examples.testEventExample] });

export const eventSchema = z
  .object({
    uuid: z.uuid(),
    endpoint_uuid: z.uuid(),
    type: z.string(),
    status: eventStatusSchema,
    attempt_count: z.number().int(),
    next_attempt_at: timestamp,
    delivered_at: timestamp,
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
    payload: z.object({ type: z.string(), timestamp: z.string(), data: z.record(z.string(), z.unknown()) }),
  })
  .meta({ id: 'WebhookEvent', examples: [examples.eventExample] });
export type EventBody = z.infer<typeof eventSchema>;
export const attemptSchema = z
  .object({
    attempt_number: z.number().int(),
    started_at: z.iso.datetime({ offset: true }),
    status_code: z.number().int().nullable(),
    duration_ms: z.number().int().nullable(),
    error: z.string().nullable(),
    response_body: z.string().nullable().describe('first 4 KiB of the response body'),
  })
  .meta({ id: 'WebhookDeliveryAttempt' });
export const eventDetailSchema = eventSchema
  .extend({ attempts: z.array(attemptSchema) })
  .meta({ id: 'WebhookEventWithAttempts', examples: [examples.eventDetailExample] });
