import { z } from 'zod';
import { checkCreatedRange, newestFirstQueryFields } from '../../edge/list-filters';
import { integerParameter, text } from '../../edge/request-fields';
import { analysisPageExample } from './analysis-examples';
import { analysisLinksSchema, analysisStatusSchema, riskLevelSchema } from './analysis-schemas';

/** GET /analyses (docs/api-conventions.md, "Lists"): every filter of the list; anything else is 422. */
export const listAnalysesQuery = z
  .strictObject({
    status: analysisStatusSchema.optional().describe('only analyses in this status'),
    risk_level: riskLevelSchema.optional().describe('only completed analyses of this risk level'),
    entity_id: integerParameter({ min: 1 }).optional().describe('only analyses of this entity'),
    document: text({ max: 32, min: 1 }).optional().describe('a CPF or CNPJ (formatted or not): analyses of every entity holding it'),
    client_reference: text({ max: 256, min: 1 }).optional().describe('only analyses created with this client_reference'),
    source: text({ max: 128, min: 1 }).optional().describe('only analyses created with this source'),
    mode: z
      .enum(['sync', 'async', 'monitoring', 'batch'])
      .optional()
      .describe(
        "sync (POST /analyses), async (POST /api/analyses), monitoring (a monitor's check, POST /monitors) or batch (a row of POST /analysis-batches)",
      ),
    review_required: z
      .enum(['true', 'false'])
      .optional()
      .describe(
        "only completed analyses whose verdict requires review (true) or does not (false): a case's reason (docs/people-and-cases.md)",
      ),
    escalation_required: z
      .enum(['true', 'false'])
      .optional()
      .describe('only completed analyses whose verdict requires escalation (true) or does not (false)'),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListAnalysesQuery = z.infer<typeof listAnalysesQuery>;

/** The summary of the read form (docs/analyses.md plus status): one list item. */
const analysisListItemSchema = z.object({
  uuid: z.uuid(),
  status: analysisStatusSchema,
  mode: z.enum(['sync', 'async', 'monitoring', 'batch']),
  entity_id: z.int(),
  subject: z
    .object({ display_name: z.string().nullable(), document: z.string().nullable() })
    .describe('the entity as the store knows it; the verdict subject is in the read form'),
  score: z.int().nullable(),
  risk_level: riskLevelSchema.nullable(),
  client_reference: z.string().nullable(),
  source: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  links: analysisLinksSchema,
});
export type AnalysisListItem = z.infer<typeof analysisListItemSchema>;

export const analysisPageSchema = z
  .object({
    items: z.array(analysisListItemSchema),
    next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last'),
  })
  .meta({ id: 'AnalysisPage', examples: [analysisPageExample] });
