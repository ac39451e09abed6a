import { randomUUID } from 'node:crypto';
import { InternalConnectionLike, InternalConnectionLikeSymbol, WorkflowFailedError as TemporalWorkflowFailedError, WorkflowHandle } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { AnalysisRunInput, AnalysisSummary } from '../../activities/analysis-activities';
import { deleteAnalysis, insertQueuedAnalysis } from '../../db/repositories/analysis-repository';
import { claimIdempotencyKey, findIdempotencyKey, IdempotencyKeyRef, releaseIdempotencyKey } from '../../db/repositories/idempotency-repository';
import { releaseQuota } from '../../db/repositories/tenancy-repository';
import { ConflictError, DependencyUnavailableError, ValidationError, WorkflowFailedError } from '../../domain/errors';
import { fingerprint } from '../../domain/fingerprint';
import { taskQueues } from '../../domain/task-queues';
import { AuthContext, quotaPeriod } from '../../domain/tenancy';
import { workflowIds } from '../../domain/workflow-ids';
import type { analysisWorkflow } from '../../workflows/analysis-workflow';
import type { AppDeps } from '../app-deps';
import { defineRoute } from '../routing';
import {
  asyncAnalysisRequestSchema,
  asyncAnalysisResponseSchema,
  idempotencyKeySchema,
  syncAnalysisRequestSchema,
  syncAnalysisResponseSchema,
} from '../schemas/analysis-schemas';
import { analysisReadRoutes } from './analysis-subresources';
import { isTemporalUnavailable, withinDeadline } from '../temporal-calls';
import { assertWebhookEndpointOwned, resolveSubject } from '../../db/repositories/subject-repository';

/** A start that cannot reach Temporal in this time answers 502 instead of hanging. */
const START_DEADLINE_MS = 2_500;
/** A sync caller waits at most this long; then the analysis is cancelled (and cleaned up). */
const SYNC_RESULT_DEADLINE_MS = 30_000;

const searchAttributeKeys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  entity: defineSearchAttributeKey('EntityId', SearchAttributeType.INT),
  analysis: defineSearchAttributeKey('AnalysisUuid', SearchAttributeType.KEYWORD),
};

function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function runInput(deps: AppDeps, auth: AuthContext, fields: Pick<AnalysisRunInput, 'entityId' | 'mode' | 'source' | 'clientReference' | 'webhookEndpointUuid'>): AnalysisRunInput {
  const uuid = randomUUID();
  return {
    ...fields,
    uuid,
    entryUuid: randomUUID(),
    companyId: auth.companyId,
    companyUuid: auth.companyUuid,
    asOf: utcDay(new Date()),
    workflowId: workflowIds.analysis(uuid),
    maxDepth: deps.config.GRAPH_MAX_DEPTH,
    maxNodes: deps.config.GRAPH_MAX_NODES,
    uboThresholdPercent: deps.config.UBO_THRESHOLD_PERCENT,
  };
}

/**
 * Eager workflow start: when this process also runs a worker on the analyses queue over the same
 * NativeConnection, the server hands the first workflow task back in the start response, saving
 * the matching round trip. With a plain client connection it cannot be requested (the SDK throws).
 */
function supportsEagerStart(deps: AppDeps): boolean {
  return Boolean((deps.temporal.connection as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart);
}

async function startAnalysisWorkflow(deps: AppDeps, input: AnalysisRunInput): Promise<WorkflowHandle<typeof analysisWorkflow>> {
  try {
    return await withinDeadline(deps, START_DEADLINE_MS, () =>
      deps.temporal.workflow.start<typeof analysisWorkflow>('analysisWorkflow', {
        taskQueue: taskQueues.analyses,
        workflowId: input.workflowId,
        requestEagerStart: input.mode === 'sync' && supportsEagerStart(deps),
        args: [input],
        typedSearchAttributes: [
          { key: searchAttributeKeys.company, value: input.companyUuid },
          { key: searchAttributeKeys.entity, value: input.entityId },
          { key: searchAttributeKeys.analysis, value: input.uuid },
        ],
        memo: { mode: input.mode, entity_id: input.entityId, as_of: input.asOf, source: input.source, company_uuid: input.companyUuid },
      }),
    );
  } catch (error) {
    if (error instanceof DependencyUnavailableError || isTemporalUnavailable(error)) throw new DependencyUnavailableError('temporal');
    throw error;
  }
}

async function runSyncAnalysis(deps: AppDeps, input: AnalysisRunInput): Promise<AnalysisSummary> {
  const handle = await startAnalysisWorkflow(deps, input);
  try {
    return await withinDeadline(deps, SYNC_RESULT_DEADLINE_MS, () => handle.result());
  } catch (error) {
    if (error instanceof TemporalWorkflowFailedError) throw new WorkflowFailedError('analysis processing failed');
    // Out of time or Temporal gone mid-run: cancel, so the workflow cleans up whenever it runs.
    await withinDeadline(deps, 2_000, () => handle.cancel()).catch(() => undefined);
    throw new DependencyUnavailableError('temporal');
  }
}

const idempotencyHeader = 'Idempotency-Key';
const idempotencyLoc = ['header', idempotencyHeader];

type AsyncAnalysisBody = { entity_id: number; client_reference?: string | null; source?: string | null; webhook_endpoint_uuid?: string | null };

/** The key (if any) and the fingerprint of the normalized body: absent and null fields are the same request. */
function idempotentRequest(ctx: { get: (name: string) => string }, auth: AuthContext, body: AsyncAnalysisBody) {
  const rawKey = ctx.get(idempotencyHeader);
  let keyRef: IdempotencyKeyRef | undefined;
  if (rawKey !== '') {
    const parsed = idempotencyKeySchema.safeParse(rawKey);
    if (!parsed.success) throw ValidationError.single(idempotencyLoc, parsed.error.issues[0].message, 'idempotency_key_invalid');
    keyRef = { companyId: auth.companyId, operation: 'createAnalysisAsync', key: parsed.data };
  }
  const request = {
    entity_id: body.entity_id,
    client_reference: body.client_reference ?? null,
    source: body.source ?? null,
    webhook_endpoint_uuid: body.webhook_endpoint_uuid ?? null,
  };
  return { keyRef, request, requestHash: fingerprint(request) };
}

/** The stored response of an earlier request with this key; 422 when the key came with another body. */
async function findReplay(deps: AppDeps, keyRef: IdempotencyKeyRef | undefined, requestHash: string) {
  const stored = keyRef && (await findIdempotencyKey(deps.db, keyRef));
  if (!stored) return undefined;
  if (stored.requestHash !== requestHash) {
    throw ValidationError.single(idempotencyLoc, 'this Idempotency-Key was used with a different request body', 'idempotency_key_reused');
  }
  return { status: stored.status, body: stored.body, headers: { 'Idempotent-Replayed': 'true' } };
}

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
