import { z } from 'zod';
import { checkCreatedRange, newestFirstQueryFields } from '../list-filters';
import { screeningStatusSchema } from './screening-schemas';

/** GET /adverse-media (docs/adverse-media.md): the filters of the list; anything else is 422. */
export const listScreeningsQuery = z
  .strictObject({
    status: screeningStatusSchema.optional(),
    entity_id: z.coerce.number().int().positive().optional(),
    document: z.string().min(1).max(32).optional(),
    client_reference: z.string().min(1).max(256).optional(),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListScreeningsQuery = z.infer<typeof listScreeningsQuery>;

/** The summary of a screening's read form. */
export const screeningListItemSchema = z.object({
  uuid: z.uuid(),
  status: screeningStatusSchema,
  entity_id: z.int(),
  subject: z.object({ display_name: z.string().nullable(), document: z.string().nullable() }),
  client_reference: z.string().nullable(),
  include_related: z.boolean(),
  hit_count: z.int(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  links: z.object({ self: z.string() }),
});
export type ScreeningListItem = z.infer<typeof screeningListItemSchema>;

export const screeningPageSchema = z.object({ items: z.array(screeningListItemSchema), next_cursor: z.string().nullable() });
