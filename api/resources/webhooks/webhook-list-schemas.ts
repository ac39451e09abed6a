import { z } from 'zod';
import { checkCreatedRange, newestFirstQueryFields } from '../../edge/list-filters';
import { text } from '../../edge/request-fields';
import { cursorSchema as cursor, limitSchema as limit } from '../../edge/pagination';
import { endpointPageExample, eventPageExample } from './webhook-examples';
import { endpointSchema, eventKind, eventSchema, eventStatusSchema } from './webhook-schemas';

/** The webhook lists: queries (unknown parameters 422) and pages `{items, next_cursor}` (docs/webhooks.md). */
export const listEndpointsQuery = z.strictObject({ cursor, limit });
export const endpointPageSchema = z
  .object({ items: z.array(endpointSchema), next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last') })
  .meta({ id: 'WebhookEndpointPage', examples: [endpointPageExample] });

const resourceUuid = z
  .uuid()
  .transform((v) => v.toLowerCase())
  .optional();

export const listEventsQuery = z
  .strictObject({
    status: eventStatusSchema.optional().describe('only events in this delivery status'),
    endpoint_uuid: z.uuid().optional().describe('only events of this endpoint'),
    type: eventKind.optional().describe('only events of this kind'),
    analysis_uuid: resourceUuid.describe('only events about this analysis (payload data.analysis_uuid)'),
    screening_uuid: resourceUuid.describe('only events about this screening (payload data.screening_uuid)'),
    report_uuid: resourceUuid.describe('only events about this report (payload data.report_uuid)'),
    client_reference: text({ max: 256, min: 1 })
      .optional()
      .describe('only events carrying this client_reference (payload data.client_reference)'),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListEventsQuery = z.infer<typeof listEventsQuery>;
export const eventPageSchema = z
  .object({ items: z.array(eventSchema), next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last') })
  .meta({ id: 'WebhookEventPage', examples: [eventPageExample] });
