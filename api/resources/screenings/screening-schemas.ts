import { z } from 'zod';
import { mediaCategories } from '../../../domain/media/media-taxonomy';
import { exactlyOneSubject } from '../common/exactly-one-subject';
import { text } from '../../edge/request-fields';

/** Request and response shapes of the adverse-media endpoints (docs/adverse-media.md). */

/** Unknown properties rejected; exactly one of document / entity_id (as POST /analyses). */
export const createScreeningRequestSchema = exactlyOneSubject({
  client_reference: text({ max: 256 }).nullish(),
  include_related: z.boolean().default(false),
  webhook_endpoint_uuid: z.uuid().nullish(),
}).meta({
  id: 'CreateScreeningRequest',
  examples: [{ document: '11.222.333/0001-81', client_reference: 'case-2026-0042', include_related: true }],
});
export type CreateScreeningRequest = z.infer<typeof createScreeningRequestSchema>;

export const screeningStatusSchema = z.enum(['queued', 'running', 'completed', 'failed', 'canceled']);

export const createScreeningResponseSchema = z
  .object({ uuid: z.uuid(), status: z.literal('queued') })
  .meta({ id: 'ScreeningAccepted', examples: [{ uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', status: 'queued' }] });
export type CreateScreeningResponse = z.infer<typeof createScreeningResponseSchema>;

export const screeningUuidParamsSchema = z.strictObject({ uuid: z.uuid().describe('the screening uuid (from POST /adverse-media)') });

const categorySchema = z.enum(mediaCategories);

const screenedNameSchema = z.object({
  entity_id: z.int(),
  name: z.string(),
  kind: z.enum(['person', 'organization']),
  source: z.enum(['display_name', 'legal_name', 'trade_name', 'partner', 'administrator']).nullable(),
});

const screeningHitSchema = z.object({
  article: z.object({
    id: z.string(),
    url: z.string(),
    title: z.string(),
    source: z.string().nullable(),
    published_at: z.string().nullable(),
  }),
  entity_id: z.int(),
  matched_name: z.string(),
  name_source: z.string().nullable(),
  match_type: z.string(),
  match_score: z.int().min(0).max(100),
  matched_in: z.enum(['title', 'body']),
  category: categorySchema,
  category_terms: z.array(z.string()),
  snippet: z.string(),
});
export type ScreeningHitBody = z.infer<typeof screeningHitSchema>;

const screeningExample = {
  uuid: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  status: 'completed',
  subject: { entity_id: 4711, entity_type: 'organization', display_name: 'EXEMPLO COMERCIO LTDA', document: '11222333000181' },
  client_reference: 'case-2026-0042',
  include_related: false,
  webhook_endpoint_uuid: null,
  as_of: '2026-11-23',
  names: [{ entity_id: 4711, name: 'EXEMPLO COMERCIO LTDA', kind: 'organization', source: 'display_name' }],
  hit_count: 0,
  counts_by_category: Object.fromEntries(mediaCategories.map((c) => [c, 0])),
  hits: [],
  limitations: [],
  versions: { matcher_version: '1', taxonomy_version: '1' },
  error: null,
  created_at: '2026-11-23T10:00:00.000Z',
  started_at: '2026-11-23T10:00:00.100Z',
  completed_at: '2026-11-23T10:00:00.300Z',
};

export const screeningResponseSchema = z
  .object({
    uuid: z.uuid(),
    status: screeningStatusSchema,
    subject: z.object({ entity_id: z.int(), entity_type: z.string(), display_name: z.string(), document: z.string().nullable() }),
    client_reference: z.string().nullable(),
    include_related: z.boolean(),
    webhook_endpoint_uuid: z.uuid().nullable(),
    as_of: z.string(),
    names: z.array(screenedNameSchema),
    hit_count: z.int(),
    counts_by_category: z.record(categorySchema, z.int()),
    hits: z.array(screeningHitSchema),
    limitations: z.array(z.object({ code: z.string(), message: z.string() })),
    versions: z.object({ matcher_version: z.string().nullable(), taxonomy_version: z.string().nullable() }),
    error: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: 'Screening', examples: [screeningExample] });
export type ScreeningResponse = z.infer<typeof screeningResponseSchema>;
