import { Readable } from 'node:stream';
import {
  findAnalysisBatch,
  listAnalysisBatches,
  readBatchResultPage,
} from '../../../db/repositories/analysis-batches/analysis-batch-repository';
import { batchFileFormatOf } from '../../../domain/analysis-batches/batch-file-format';
import { NotFoundError, UnsupportedMediaTypeError } from '../../../domain/errors';
import { type AnalysisBatchStatusChange, changeAnalysisBatchStatus } from '../../../usecases/analysis-batches/change-analysis-batch-status';
import { createAnalysisBatch } from '../../../usecases/analysis-batches/create-analysis-batch';
import type { AppDeps } from '../../app-deps';
import { idempotencyKeyHeader, readIdempotencyKey } from '../../edge/idempotency-header';
import { newestFirstPage, readNewestFirst } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import {
  BATCH_RESULTS_CSV_HEADER,
  batchResultCsvLine,
  presentAnalysisBatch,
  presentBatchResult,
} from '../../presenters/analysis-batch-presenter';
import {
  analysisBatchExample,
  batchCsvExample,
  batchNdjsonExample,
  batchResultsCsvExample,
  batchResultsNdjsonExample,
} from './analysis-batch-examples';
import {
  analysisBatchPageSchema,
  analysisBatchSchema,
  analysisBatchUuidParamsSchema,
  batchFileSchema,
  batchResultsQuery,
  batchResultsStreamSchema,
  createAnalysisBatchQuery,
  type ListAnalysisBatchesQuery,
  listAnalysisBatchesQuery,
} from './analysis-batch-schemas';

const FILE_MEDIA_TYPES = 'text/csv, application/x-ndjson';
/** Rows per read of the results stream: the response is written page by page, never held whole. */
const RESULTS_PAGE_ROWS = 1000;

async function readBatch(deps: AppDeps, companyId: number, uuid: string) {
  const row = await findAnalysisBatch(deps.db, companyId, uuid);
  if (!row) throw new NotFoundError('analysis batch');
  return row;
}

/** The results in file order, a page of rows at a time, as lines of the format. */
async function* resultLines(deps: AppDeps, batchId: number, format: 'ndjson' | 'csv'): AsyncGenerator<string> {
  if (format === 'csv') yield BATCH_RESULTS_CSV_HEADER;
  let after = 0;
  for (;;) {
    const rows = await readBatchResultPage(deps.db, batchId, after, RESULTS_PAGE_ROWS);
    if (rows.length === 0) return;
    yield rows
      .map((r) => (format === 'csv' ? batchResultCsvLine(presentBatchResult(r)) : `${JSON.stringify(presentBatchResult(r))}\n`))
      .join('');
    after = rows[rows.length - 1].row_number;
  }
}

/** pause, resume and cancel: one use case, the same answers. */
function statusRoute(change: AnalysisBatchStatusChange, operationId: string, summary: string, description: string) {
  const status = change === 'pause' ? 'paused' : change === 'cancel' ? 'canceled' : 'running';
  return defineRoute({
    method: 'post',
    path: `/analysis-batches/:uuid/${change}`,
    operationId,
    summary,
    description,
    tags: ['analysis-batches'],
    auth: { scope: 'analyses:write' },
    temporal: true,
    params: analysisBatchUuidParamsSchema,
    responses: {
      200: {
        description: 'the batch after the change (unchanged when it already held)',
        schema: analysisBatchSchema,
        example: { ...analysisBatchExample, status, pause_reason: change === 'pause' ? 'requested' : null },
      },
      404: { description: 'no batch with this uuid for the calling company' },
      409: { description: "the change does not fit the batch's status (a completed or canceled batch cannot pause, resume or cancel)" },
      502: { description: 'Temporal temporarily unavailable; nothing changed' },
    },
    handler: async ({ params, actor, auth, deps }) => {
      await changeAnalysisBatchStatus(deps, actor, { uuid: params.uuid, change });
      return { status: 200, body: presentAnalysisBatch(await readBatch(deps, auth.companyId, params.uuid)) };
    },
  });
}

/** Portfolio batches (docs/batches.md): a whole book analysed from one file. */
export const analysisBatchRoutes = [
  defineRoute({
    method: 'post',
    path: '/analysis-batches',
    operationId: 'createAnalysisBatch',
    summary: 'Analyse a whole portfolio from one file: one ordinary analysis (mode `batch`) per subject',
    description:
      'The body is the file itself: `text/csv` (UTF-8, header `document,client_reference`; a CPF or CNPJ in any punctuation) or `application/x-ndjson` ' +
      '(one {"document" | "entity_id", "client_reference"?} per line), up to 1,000,000 rows and 100 MB, streamed into the service as it arrives. ' +
      'A file that cannot be read as a whole (wrong header, not UTF-8, a line that is not CSV or JSON, over the limits, no rows) is 422 naming its first problems by line ' +
      '(`loc` ["body", "line", n]) and stores nothing; a bad row (an invalid document, a missing subject) becomes a failed row with its reason. ' +
      'Each subject is analysed once however often the file names it, billed one unit of the `analyses` quota; when the quota runs out the batch pauses (`pause_reason: quota_exceeded`). ' +
      'Idempotency-Key: the same file, name and endpoint again answer the first batch.',
    tags: ['analysis-batches'],
    auth: { scope: 'analyses:write' },
    temporal: true,
    billable: { feature: 'analyses_batch', operation: 'analyses' },
    query: createAnalysisBatchQuery,
    headers: idempotencyKeyHeader,
    fileBody: {
      description: 'the batch file (CSV or NDJSON, UTF-8)',
      schema: batchFileSchema,
      contentTypes: { 'text/csv': { example: batchCsvExample }, 'application/x-ndjson': { example: batchNdjsonExample } },
    },
    responses: {
      202: {
        description:
          'the batch, accepted: its rows run in the background (a replayed Idempotency-Key answers the first batch as it is now)',
        schema: analysisBatchSchema,
        example: {
          ...analysisBatchExample,
          status: 'queued',
          started_at: null,
          counts: { total: 4, pending: 3, completed: 0, failed: 1, canceled: 0 },
          risk_levels: { low: 0, medium: 0, high: 0, critical: 0 },
        },
      },
      409: { description: 'a request with this Idempotency-Key is being processed' },
      502: { description: 'Temporal or Postgres temporarily unavailable; nothing was created' },
    },
    handler: async ({ query, actor, auth, deps, ctx }) => {
      const format = batchFileFormatOf(ctx.get('content-type'));
      if (!format) throw new UnsupportedMediaTypeError(FILE_MEDIA_TYPES);
      const idempotencyKey = readIdempotencyKey(ctx);
      const accepted = await createAnalysisBatch(deps, actor, {
        name: query.name ?? null,
        webhookEndpointUuid: query.webhook_endpoint_uuid ?? null,
        format,
        idempotencyKey,
        file: ctx.req,
      });
      const uuid = accepted.uuid;
      return {
        status: 202,
        body: presentAnalysisBatch(await readBatch(deps, auth.companyId, uuid)),
        headers: { Location: `/analysis-batches/${uuid}`, ...(accepted.replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/analysis-batches',
    operationId: 'listAnalysisBatches',
    summary: "The company's batches, newest first",
    description:
      'Filters: status, created_from ≤ created_at < created_to. Pages of `limit` (1–200, default 50) with next_cursor; unknown query parameters are 422.',
    tags: ['analysis-batches'],
    auth: { scope: 'analyses:read' },
    query: listAnalysisBatchesQuery,
    responses: { 200: { description: 'a page of batches', schema: analysisBatchPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const request = readNewestFirst(query as ListAnalysisBatchesQuery);
      const f = request.filters;
      const rows = await listAnalysisBatches(
        deps.db,
        auth.companyId,
        { status: f.status, from: f.created_from, to: f.created_to },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, presentAnalysisBatch) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/analysis-batches/:uuid',
    operationId: 'getAnalysisBatch',
    summary: 'A batch: status, counts by row status, risk-level distribution',
    description: 'Counts move as rows finish; `risk_levels` counts the completed rows by the risk level of their analysis.',
    tags: ['analysis-batches'],
    auth: { scope: 'analyses:read' },
    params: analysisBatchUuidParamsSchema,
    responses: {
      200: { description: 'the batch', schema: analysisBatchSchema },
      404: { description: 'no batch with this uuid for the calling company' },
    },
    handler: async ({ params, auth, deps }) => ({
      status: 200,
      body: presentAnalysisBatch(await readBatch(deps, auth.companyId, params.uuid)),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/analysis-batches/:uuid/results',
    operationId: 'getAnalysisBatchResults',
    summary: "A batch's results: one line per input row, in input order, streamed",
    description:
      'NDJSON (default) or CSV (`?format=csv`), readable while the batch runs (a pending row reads `pending`). Each line: row (1-based, header excluded), document, entity_id, ' +
      'client_reference, status (pending, completed, failed, canceled), analysis_uuid (an ordinary analysis: GET /analyses/{uuid}), score, risk_level, error {code, message} ' +
      '(invalid_document, invalid_row, entity_not_found, ambiguous_document, analysis_failed); CSV has error_code and error_message.',
    tags: ['analysis-batches'],
    auth: { scope: 'analyses:read' },
    params: analysisBatchUuidParamsSchema,
    query: batchResultsQuery,
    responses: {
      200: {
        description: 'the results, one line per input row',
        schema: batchResultsStreamSchema,
        contentType: 'application/x-ndjson',
        example: batchResultsNdjsonExample,
        alsoAs: { 'text/csv': { example: batchResultsCsvExample } },
      },
      404: { description: 'no batch with this uuid for the calling company' },
    },
    handler: async ({ params, query, auth, deps }) => {
      const batch = await readBatch(deps, auth.companyId, params.uuid);
      const format = query.format ?? 'ndjson';
      return {
        status: 200,
        body: Readable.from(resultLines(deps, batch.id, format)),
        headers: {
          'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson',
          ...(format === 'csv' ? { 'Content-Disposition': `attachment; filename="analysis-batch-${batch.uuid}.csv"` } : {}),
        },
      };
    },
  }),
  statusRoute(
    'pause',
    'pauseAnalysisBatch',
    'Pause a batch: rows in flight finish, no more start',
    'A queued or running batch pauses (`pause_reason: requested`). Pausing a paused batch changes nothing.',
  ),
  statusRoute(
    'resume',
    'resumeAnalysisBatch',
    'Resume a paused batch',
    'A paused batch (by request or by a spent quota) carries on with its pending rows; after a quota pause it pauses again if the quota is still spent. Resuming a running batch changes nothing.',
  ),
  statusRoute(
    'cancel',
    'cancelAnalysisBatch',
    'Cancel a batch: pending rows become canceled',
    'Pending rows become `canceled`; rows in flight finish. Canceling a canceled batch changes nothing.',
  ),
];
