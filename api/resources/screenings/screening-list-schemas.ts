import { z } from 'zod';
import { checkCreatedRange, newestFirstQueryFields } from '../../edge/list-filters';
import { integerParameter, text } from '../../edge/request-fields';
import { screeningStatusSchema } from './screening-schemas';

/** GET /adverse-media (docs/adverse-media.md): the filters of the list; anything else is 422. */
export const listScreeningsQuery = z
  .strictObject({
    status: screeningStatusSchema.optional().describe('only screenings in this status'),
    entity_id: integerParameter({ min: 1 }).optional().describe('only screenings of this entity'),
    document: text({ max: 32, min: 1 }).optional().describe('a CPF or CNPJ (formatted or not): screenings of every entity holding it'),
    client_reference: text({ max: 256, min: 1 }).optional().describe('only screenings created with this client_reference'),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListScreeningsQuery = z.infer<typeof listScreeningsQuery>;

/** The summary of a screening's read form. */
const screeningListItemSchema = z.object({
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

export const screeningPageSchema = z
  .object({
    items: z.array(screeningListItemSchema),
    next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last'),
  })
  .meta({
    id: 'AdverseMediaScreeningPage',
    examples: [
      {
        items: [
          {
            uuid: '6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
            status: 'completed',
            entity_id: 4711,
            subject: { display_name: 'Comercial Exemplo Ltda', document: '11222333000181' },
            client_reference: 'case-2026-0042',
            include_related: false,
            hit_count: 2,
            created_at: '2026-11-23T10:00:00.000Z',
            completed_at: '2026-11-23T10:00:01.200Z',
            links: { self: '/adverse-media/6a1f0c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b' },
          },
        ],
        next_cursor: null,
      },
    ],
  });
