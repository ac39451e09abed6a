import { deleteAnalysis, insertQueuedAnalysis } from '../../db/repositories/analysis-repository';
import { claimIdempotencyKey, releaseIdempotencyKey } from '../../db/repositories/idempotency-repository';
import { releaseQuota } from '../../db/repositories/tenancy-repository';
import { ConflictError } from '../../domain/errors';
import { quotaPeriod } from '../../domain/tenancy';
import { defineRoute } from '../routing';
import { asyncAnalysisRequestSchema, asyncAnalysisResponseSchema, syncAnalysisRequestSchema, syncAnalysisResponseSchema } from '../schemas/analysis-schemas';
import { analysisReadRoutes } from './analysis-subresources';
import { assertWebhookEndpointOwned, resolveSubject } from '../../db/repositories/subject-repository';
import { runInput, runSyncAnalysis, startAnalysisWorkflow } from '../analysis-runs';
import { findReplay, idempotencyHeader, idempotentRequest } from '../analysis-idempotency';

export const analysisRoutes = [
  defineRoute({
    method: 'post',
    path: '/analyses',
    operationId: 'createAnalysis',
    summary: 'Run an analysis synchronously and return its verdict',
    description: 'Not idempotent: every call runs the workflow again under a new uuid (spec §4.1 rule 1).',
    tags: ['analyses'],
    auth: { scope: 'analyses:write' },
    billable: { feature: 'analyses', operation: 'analyses' },
    body: syncAnalysisRequestSchema,
    responses: {
      201: { description: 'the verdict', schema: syncAnalysisResponseSchema },
      404: { description: 'subject entity not found' },
      409: { description: 'identity resolution of the subject is ambiguous' },
      500: { description: 'the analysis failed; nothing was persisted; repeating the call is safe' },
      502: { description: 'Temporal or Postgres temporarily unavailable' },
    },
    handler: async ({ body, auth, deps }) => {
      const entityId = await resolveSubject(deps.db, body);
      const input = runInput(deps, auth, { entityId, mode: 'sync', source: body.source ?? null, clientReference: null, webhookEndpointUuid: null });
      const summary = await runSyncAnalysis(deps, input);
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
    billable: { feature: 'analyses_async', operation: 'analyses' },
    body: asyncAnalysisRequestSchema,
    headers: { [idempotencyHeader]: { description: 'makes retries of this request safe for 24 hours' } },
    responses: {
      202: { description: 'accepted: processing is queued', schema: asyncAnalysisResponseSchema },
      404: { description: 'subject entity not found' },
      502: { description: 'Temporal or Postgres temporarily unavailable; nothing was queued' },
    },
    // Before plan and quota: replaying a stored response is not new work (an exhausted quota
    // must not turn a safe retry into a 429).
    replay: async ({ body, auth, deps, ctx }) => {
      const { keyRef, requestHash } = idempotentRequest(ctx, auth, body);
      return findReplay(deps, keyRef, requestHash);
    },
    handler: async ({ body, auth, deps, ctx }) => {
      const { keyRef, request, requestHash } = idempotentRequest(ctx, auth, body);
      await resolveSubject(deps.db, { entity_id: request.entity_id });
      if (request.webhook_endpoint_uuid) await assertWebhookEndpointOwned(deps.db, auth.companyId, request.webhook_endpoint_uuid);

      const input = runInput(deps, auth, {
        entityId: request.entity_id,
        mode: 'async',
        source: request.source,
        clientReference: request.client_reference,
        webhookEndpointUuid: request.webhook_endpoint_uuid,
      });
      const response = { analysis_uuid: input.uuid, entry_uuid: input.entryUuid };
      const claimed = await deps.db.transaction(async (trx) => {
        if (keyRef && !(await claimIdempotencyKey(trx, keyRef, { requestHash, status: 202, body: response }))) return false;
        await insertQueuedAnalysis(trx, input);
        return true;
      });
      if (!claimed) {
        // A concurrent request with this key won the claim: replay its response, and give back
        // the unit the router reserved for this one (a replay is not new work).
        const again = await findReplay(deps, keyRef, requestHash);
        if (again) {
          await releaseQuota(deps.db, { companyId: auth.companyId, operation: 'analyses', period: quotaPeriod(new Date()) });
          return again;
        }
        throw new ConflictError('a request with this Idempotency-Key is being processed');
      }
      try {
        await startAnalysisWorkflow(deps, input);
      } catch (error) {
        // Nothing may stay queued that no workflow will ever process.
        await deleteAnalysis(deps.db, input.uuid).catch(() => undefined);
        if (keyRef) await releaseIdempotencyKey(deps.db, keyRef).catch(() => undefined);
        throw error;
      }
      return { status: 202, body: response, headers: { Location: `/api/analyses/${input.uuid}` } };
    },
  }),
  ...analysisReadRoutes,
];
