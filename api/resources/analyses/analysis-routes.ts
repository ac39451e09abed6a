import { createAsyncAnalysis } from '../../../usecases/analyses/create-async-analysis';
import { createSyncAnalysis } from '../../../usecases/analyses/create-sync-analysis';
import { idempotencyKeyHeader, readIdempotencyKey } from '../../edge/idempotency-header';
import { defineRoute } from '../../edge/routing';
import {
  asyncAnalysisRequestSchema,
  asyncAnalysisResponseSchema,
  syncAnalysisRequestSchema,
  syncAnalysisResponseSchema,
} from './analysis-schemas';
import { analysisReadRoutes } from './analysis-subresource-routes';
import { analysisVerdictPartRoutes } from './analysis-verdict-parts-routes';

export const analysisRoutes = [
  defineRoute({
    method: 'post',
    path: '/analyses',
    operationId: 'createAnalysis',
    summary: 'Run an analysis synchronously and return its verdict',
    description: 'Not idempotent: every call runs the workflow again under a new uuid (docs/analyses.md rule 1).',
    tags: ['analyses'],
    auth: { scope: 'analyses:write' },
    temporal: true,
    billable: { feature: 'analyses', operation: 'analyses' },
    body: syncAnalysisRequestSchema,
    responses: {
      201: { description: 'the verdict', schema: syncAnalysisResponseSchema },
      404: { description: 'subject entity not found' },
      409: { description: 'identity resolution of the subject is ambiguous' },
      500: { description: 'the analysis failed; nothing was persisted; repeating the call is safe' },
      502: { description: 'Temporal or Postgres temporarily unavailable' },
    },
    handler: async ({ body, actor, deps }) => {
      const summary = await createSyncAnalysis(deps, actor, body);
      return { status: 201, body: summary, headers: { Location: `/api/analyses/${summary.uuid}` } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/analyses',
    operationId: 'createAnalysisAsync',
    summary: 'Queue an analysis; returns at once with its uuid',
    description:
      'Optional Idempotency-Key header: the same key with the same body within 24 h returns the same response; with another body, 422. ' +
      'webhook_endpoint_uuid must name an endpoint of the calling company (else 422).',
    tags: ['analyses'],
    auth: { scope: 'analyses:write' },
    temporal: true,
    billable: { feature: 'analyses_async', operation: 'analyses' },
    body: asyncAnalysisRequestSchema,
    headers: idempotencyKeyHeader,
    responses: {
      202: { description: 'accepted: processing is queued', schema: asyncAnalysisResponseSchema },
      404: { description: 'subject entity not found' },
      502: { description: 'Temporal or Postgres temporarily unavailable; nothing was queued' },
    },
    handler: async ({ body, actor, deps, ctx }) => {
      const accepted = await createAsyncAnalysis(deps, actor, { body, idempotencyKey: readIdempotencyKey(ctx) });
      const uuid = (accepted.body as { analysis_uuid: string }).analysis_uuid;
      return {
        status: accepted.status,
        body: accepted.body,
        headers: { Location: `/api/analyses/${uuid}`, ...(accepted.replayed ? { 'Idempotent-Replayed': 'true' } : {}) },
      };
    },
  }),
  ...analysisReadRoutes,
  ...analysisVerdictPartRoutes,
];
