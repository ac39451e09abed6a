import { z } from 'zod';
import { checkCreatedRange, newestFirstQueryFields } from '../../edge/list-filters';
import { text } from '../../edge/request-fields';
import { analysisBatchExample } from './analysis-batch-examples';

/** Request and response shapes of the portfolio batch endpoints (docs/batches.md). */

export const batchStatusSchema = z.enum(['queued', 'running', 'paused', 'completed', 'canceled']);

export const createAnalysisBatchQuery = z.strictObject({
  name: text({ max: 128, min: 1 }).optional().describe('a name for the batch, shown in lists and the console'),
  webhook_endpoint_uuid: z
    .uuid()
    .optional()
    .describe("an endpoint of your company that receives this batch's analysis_batch.completed besides the subscribers (else 422)"),
});
export type CreateAnalysisBatchQuery = z.infer<typeof createAnalysisBatchQuery>;

const actorSchema = z.object({ type: z.enum(['user', 'api_key', 'operator', 'system']), id: z.string(), name: z.string() });

export const analysisBatchSchema = z
  .object({
    uuid: z.uuid(),
    name: z.string().nullable(),
    status: batchStatusSchema,
    pause_reason: z.enum(['requested', 'quota_exceeded']).nullable().describe('why a paused batch is paused; null unless paused'),
    counts: z
      .object({ total: z.int(), pending: z.int(), completed: z.int(), failed: z.int(), canceled: z.int() })
      .describe('rows by status; total counts every data row of the file'),
    risk_levels: z
      .object({ low: z.int(), medium: z.int(), high: z.int(), critical: z.int() })
      .describe('completed rows by the risk level of their analysis'),
    webhook_endpoint_uuid: z.uuid().nullable(),
    created_by: actorSchema,
    created_at: z.string(),
    started_at: z.string().nullable(),
    completed_at: z.string().nullable(),
    links: z.object({ self: z.string(), results: z.string() }),
  })
  .meta({ id: 'AnalysisBatch', examples: [analysisBatchExample] });
export type AnalysisBatchBody = z.infer<typeof analysisBatchSchema>;

export const analysisBatchUuidParamsSchema = z.strictObject({ uuid: z.uuid().describe('the batch uuid (from POST /analysis-batches)') });

export const listAnalysisBatchesQuery = z
  .strictObject({
    status: batchStatusSchema.optional().describe('only batches in this status'),
    ...newestFirstQueryFields,
  })
  .superRefine(checkCreatedRange);
export type ListAnalysisBatchesQuery = z.infer<typeof listAnalysisBatchesQuery>;

export const analysisBatchPageSchema = z
  .object({
    items: z.array(analysisBatchSchema),
    next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last'),
  })
  .meta({ id: 'AnalysisBatchPage', examples: [{ items: [analysisBatchExample], next_cursor: null }] });

export const batchResultsQuery = z.strictObject({
  format: z.enum(['ndjson', 'csv']).optional().describe('ndjson (default): one JSON object per line; csv: a header, then one line per row'),
});
export type BatchResultsQuery = z.infer<typeof batchResultsQuery>;

/** One line of the results (NDJSON); CSV carries the same fields, error as error_code and error_message. */
export const batchResultLineSchema = z
  .object({
    row: z.int().describe('1-based, the header excluded'),
    document: z.string().nullable(),
    entity_id: z.int().nullable(),
    client_reference: z.string().nullable(),
    status: z.enum(['pending', 'completed', 'failed', 'canceled']),
    analysis_uuid: z.uuid().nullable(),
    score: z.int().nullable(),
    risk_level: z.enum(['low', 'medium', 'high', 'critical']).nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'AnalysisBatchResult' });
export type BatchResultLine = z.infer<typeof batchResultLineSchema>;

/** A batch file as the OpenAPI document shows it: text, one row per line. */
export const batchFileSchema = z
  .string()
  .describe(
    'the file: CSV with the header `document,client_reference`, or NDJSON with one {"document" | "entity_id", "client_reference"?} per line (UTF-8)',
  )
  .meta({ id: 'AnalysisBatchFile' });
export const batchResultsStreamSchema = z
  .string()
  .describe('one line per input row, in input order: NDJSON (each line an AnalysisBatchResult) or CSV')
  .meta({ id: 'AnalysisBatchResults' });
