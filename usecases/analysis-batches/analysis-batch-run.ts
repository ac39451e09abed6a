import { randomUUID } from 'node:crypto';
import type { AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type {
  BatchRowGroup,
  ClaimBatchPageInput,
  ClaimBatchPageResult,
  RunBatchGroupInput,
  RunBatchGroupResult,
} from '../../contracts/analysis-batch-workflow-contract';
import {
  type AnalysisBatchRow,
  cancelPendingBatchRows,
  claimPendingBatchRows,
  findAnalysisBatchAfterCommit,
  findAnalysisBatchForWork,
  findCompanyAnalysesQuota,
  findCompletedAnalysisFigures,
  finishBatchRows,
  updateAnalysisBatchStatus,
} from '../../db/repositories/analysis-batches/analysis-batch-repository';
import { getQuotaUsage, reserveQuota } from '../../db/repositories/tenancy/quota-usage-repository';
import { batchRowAnalysisUuid } from '../../domain/analysis-batches/batch-row-analysis-uuid';
import type { SystemActor } from '../../domain/actor';
import { AmbiguousSubjectError, NotFoundError, ValidationError } from '../../domain/errors';
import { quotaPeriod } from '../../domain/tenancy';
import { AnalysisDataError, AnalysisStepError, type AnalysisPipeline } from '../analyses/support/analysis-run';
import { openReviewCase } from '../cases/open-review-case';
import { resolveSubject } from '../subjects/support/resolve-subject';
import type { UsecaseDeps } from '../support/usecase-deps';
import { publishWebhookEvent } from '../webhooks/publish-webhook-event';

/** An unlimited quota still counts the use, under the column's ceiling (usecases/tenancy/reserve-quota.ts). */
const UNLIMITED = 2_147_483_647;

/** The body of `analysis_batch.completed`: the batch's counts and risk levels (docs/batches.md). */
export function batchEventData(batch: AnalysisBatchRow): Record<string, unknown> {
  return {
    analysis_batch_uuid: batch.uuid,
    name: batch.name,
    status: batch.status,
    counts: countsOf(batch),
    risk_levels: { low: batch.risk_low, medium: batch.risk_medium, high: batch.risk_high, critical: batch.risk_critical },
  };
}

export function countsOf(batch: Pick<AnalysisBatchRow, 'total' | 'completed' | 'failed' | 'canceled'>) {
  return {
    total: batch.total,
    pending: Math.max(0, batch.total - batch.completed - batch.failed - batch.canceled),
    completed: batch.completed,
    failed: batch.failed,
    canceled: batch.canceled,
  };
}

/**
 * The service's steps of a batch's run (docs/batches.md, "Lifecycle"), each idempotent: the
 * workflow (workflows/analysis-batch-workflow.ts) calls them through activities.
 */
export function createAnalysisBatchRun(deps: UsecaseDeps, pipeline: AnalysisPipeline) {
  async function batchOf(uuid: string) {
    const batch = await findAnalysisBatchForWork(deps.db, uuid);
    if (!batch) throw new AnalysisDataError(`analysis batch ${uuid} does not exist`);
    return batch;
  }

  /** The run's first step: once the creating transaction has ended, a queued batch reads `running`. */
  async function startBatch(_actor: SystemActor, input: { batchUuid: string }): Promise<{ exists: boolean }> {
    const batch = await findAnalysisBatchAfterCommit(deps.db, input.batchUuid);
    if (!batch) return { exists: false };
    await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'running', from: ['queued'] });
    return { exists: true };
  }

  /** The next page of pending rows after a position, grouped by subject in file order. */
  async function claimPage(_actor: SystemActor, input: ClaimBatchPageInput): Promise<ClaimBatchPageResult> {
    const batch = await batchOf(input.batchUuid);
    const rows = await claimPendingBatchRows(deps.db, batch.id, input.afterRow, input.limit);
    const groups = new Map<string, BatchRowGroup>();
    for (const r of rows) {
      const group = groups.get(r.subject_key) ?? { subjectKey: r.subject_key, rows: [] };
      group.rows.push({ rowNumber: r.row_number, document: r.document, entityId: r.entity_id, clientReference: r.client_reference });
      groups.set(r.subject_key, group);
    }
    return { groups: [...groups.values()], lastRow: rows.length < input.limit ? null : rows[rows.length - 1].row_number };
  }

  /**
   * One subject's rows: one analysis (mode `batch`, the sync run's one write, billed one unit),
   * its uuid derived from the batch and the subject, so a duplicate, a later page's repeat or a
   * retry after a killed worker finds it written and bills nothing; the unit is taken in the very
   * transaction that writes the analysis, so no attempt that dies bills one. The subject is resolved first
   * (a missing or ambiguous one fails its rows, holding no quota); a spent quota leaves the rows
   * pending and answers `quota_exceeded` (the run pauses the batch).
   */
  async function runGroup(actor: SystemActor, input: RunBatchGroupInput): Promise<RunBatchGroupResult> {
    const batch = await batchOf(input.batchUuid);
    const rowNumbers = input.group.rows.map((r) => r.rowNumber);
    const analysisUuid = batchRowAnalysisUuid(batch.uuid, input.group.subjectKey);
    const done = await findCompletedAnalysisFigures(deps.db, analysisUuid);
    if (done) {
      await finishBatchRows(deps.db, batch.id, rowNumbers, { status: 'completed', analysisUuid, ...done });
      return { outcome: 'completed' };
    }
    const first = input.group.rows[0];
    let entityId: number;
    try {
      entityId = await resolveSubject(deps.db, { document: first.document, entity_id: first.entityId });
    } catch (error) {
      const failure = subjectFailureOf(error);
      if (!failure) throw error;
      await finishBatchRows(deps.db, batch.id, rowNumbers, { status: 'failed', ...failure });
      return { outcome: 'failed' };
    }
    // A spent quota is seen before the work; the unit itself is taken in the analysis's own write.
    const limit = (await findCompanyAnalysesQuota(deps.db, batch.company_id)) ?? UNLIMITED;
    const reservation = { companyId: batch.company_id, operation: 'analyses', period: quotaPeriod(new Date()), limit };
    if (((await getQuotaUsage(deps.db, batch.company_id, reservation.period)).analyses ?? 0) >= limit) return { outcome: 'quota_exceeded' };

    const analysis: AnalysisWorkflowInput = {
      uuid: analysisUuid,
      entryUuid: randomUUID(),
      companyId: batch.company_id,
      companyUuid: batch.company_uuid,
      entityId,
      mode: 'batch',
      asOf: new Date().toISOString().slice(0, 10),
      source: null,
      clientReference: first.clientReference,
      webhookEndpointUuid: null,
      maxDepth: deps.config.GRAPH_MAX_DEPTH,
      maxNodes: deps.config.GRAPH_MAX_NODES,
      uboThresholdPercent: deps.config.UBO_THRESHOLD_PERCENT,
      requestedBy: { actor: batch.created_by, requestId: null },
    };
    let completed;
    try {
      completed = await pipeline.runInOneWrite(analysis, {
        chargeInWrite: async (trx) => {
          if (!(await reserveQuota(trx, reservation))) throw new QuotaSpentInWrite();
        },
      });
    } catch (error) {
      const cause = error instanceof AnalysisStepError ? error.cause : error;
      // Another writer of the company took the last unit meanwhile: nothing was written.
      if (cause instanceof QuotaSpentInWrite) return { outcome: 'quota_exceeded' };
      // Data the engine cannot handle fails the rows; anything else is retried by the activity.
      if (!(cause instanceof AnalysisDataError)) throw error;
      await finishBatchRows(deps.db, batch.id, rowNumbers, { status: 'failed', code: 'analysis_failed', message: cause.message });
      return { outcome: 'failed' };
    }
    const { summary, review } = completed;
    await openReviewCase(deps, actor, {
      companyId: batch.company_id,
      companyUuid: batch.company_uuid,
      analysisUuid,
      review,
      riskLevel: summary.risk.risk_level,
      subject: summary.subject,
    });
    await finishBatchRows(deps.db, batch.id, rowNumbers, {
      status: 'completed',
      analysisUuid,
      score: summary.risk.score,
      riskLevel: summary.risk.risk_level,
    });
    return { outcome: 'completed' };
  }

  /** The quota is spent: the batch pauses with that reason until a resume. */
  async function pauseForQuota(_actor: SystemActor, input: { batchUuid: string }): Promise<void> {
    const batch = await batchOf(input.batchUuid);
    await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'paused', pauseReason: 'quota_exceeded', from: ['queued', 'running'] });
  }

  /**
   * The end: every row done (completed), or a cancel whose rows in flight have finished (the
   * pending rows left, claimed by a run that will never finish them, are canceled). A completed
   * batch announces `analysis_batch.completed`, once (the event's key is the batch).
   */
  async function finishBatch(actor: SystemActor, input: { batchUuid: string; canceled: boolean }): Promise<void> {
    const batch = await batchOf(input.batchUuid);
    if (input.canceled) {
      await cancelPendingBatchRows(deps.db, batch.id, { unclaimedOnly: false });
      await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'canceled' });
      return;
    }
    const ended =
      (await updateAnalysisBatchStatus(deps.db, batch.id, { status: 'completed', from: ['queued', 'running', 'completed'] })) ?? batch;
    if (ended.status !== 'completed') return;
    await publishWebhookEvent(deps, actor, {
      companyId: batch.company_id,
      type: 'analysis_batch.completed',
      data: batchEventData(ended),
      explicitEndpointUuid: batch.webhook_endpoint_uuid,
      idempotencyKey: `analysis_batch.completed:${batch.uuid}`,
    });
  }

  return { startBatch, claimPage, runGroup, pauseForQuota, finishBatch };
}

/** Thrown inside the analysis's write to roll it back when the quota is spent. */
class QuotaSpentInWrite extends Error {
  constructor() {
    super('the analyses quota is spent');
    this.name = 'QuotaSpentInWrite';
  }
}

/** A subject the batch cannot analyse: its rows fail with the reason (docs/batches.md, "Results"). */
function subjectFailureOf(error: unknown): { code: string; message: string } | null {
  if (error instanceof AmbiguousSubjectError)
    return { code: 'ambiguous_document', message: 'several entities hold this document; name one by entity_id' };
  if (error instanceof NotFoundError) return { code: 'entity_not_found', message: 'no entity holds this document or id' };
  if (error instanceof ValidationError) return { code: 'invalid_document', message: error.message };
  return null;
}
