import { z } from 'zod';
import { checkCreatedRange, newestFirstQueryFields } from '../list-filters';
import { cursorSchema as cursor, limitSchema as limit } from '../pagination';
import { endpointSchema, eventKind, eventSchema, eventStatusSchema } from './webhook-schemas';

/** The webhook lists: queries (unknown parameters 422) and pages `{items, next_cursor}` (docs/webhooks.md). */
export const listEndpointsQuery = z.strictObject({ cursor, limit });
export const endpointPageSchema = z.object({ items: z.array(endpointSchema), next_cursor: z.string().nullable() });

const resourceUuid = z.uuid().transform((v) => v.toLowerCase()).optional();

export const listEventsQuery = z
  .strictObject({
    status: eventStatusSchema.optional(),
    endpoint_uuid: z.uuid().optional(),
    type: eventKind.optional(),
    analysis_uuid: resourceUuid,
    screening_uuid: resourceUuid,
    report_uuid: resourceUuid,
    client_reference: z.string().min(1).max(256).optional(),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListEventsQuery = z.infer<typeof listEventsQuery>;
export const eventPageSchema = z.object({ items: z.array(eventSchema), next_cursor: z.string().nullable() });
