import { randomUUID } from 'node:crypto';
import type { AnalysisWorkflowInput } from '../../contracts/analysis-workflow-contract';
import type { RunBatchGroupInput, RunBatchGroupResult } from '../../contracts/analysis-batch-workflow-contract';
import {
  findCompanyAnalysesQuota,
  findCompletedAnalysisFigures,
  finishBatchRows,
} from '../../db/repositories/analysis-batches/analysis-batch-repository';
import { getQuotaUsage, reserveQuota } from '../../db/repositories/tenancy/quota-usage-repository';
import { batchRowAnalysisUuid } from '../../domain/analysis-batches/batch-row-analysis-uuid';
import type { SystemActor } from '../../domain/actor';
import { AmbiguousSubjectError, NotFoundError, ValidationError } from '../../domain/errors';
import { quotaPeriod } from '../../domain/tenancy';
import { AnalysisDataError, AnalysisStepError, createAnalysisPipeline, createAnalysisRunCache } from '../analyses/support/analysis-run';
import { openReviewCase } from '../cases/open-review-case';
import { resolveSubject } from '../subjects/support/resolve-subject';
import type { UsecaseDeps } from '../support/usecase-deps';
import { batchForWork } from './support/batch-for-work';

/** An unlimited quota still counts the use, under the column's ceiling (usecases/tenancy/reserve-quota.ts). */
const UNLIMITED = 2_147_483_647;

/**
 * One subject's rows: one analysis (mode `batch`, the sync run's one write, billed one unit),
 * its uuid derived from the batch and the subject, so a duplicate, a later page's repeat or a
 * retry after a killed worker finds it written and bills nothing; the unit is taken in the very
 * transaction that writes the analysis, so no attempt that dies bills one. The subject is resolved first
 * (a missing or ambiguous one fails its rows, holding no quota); a spent quota leaves the rows
 * pending and answers `quota_exceeded` (the run pauses the batch).
 */
export async function runAnalysisBatchGroup(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: RunBatchGroupInput,
): Promise<RunBatchGroupResult> {
  const batch = await batchForWork(deps, input.batchUuid);
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
  // Rows write in one statement, like a sync run, and never resume from a step: nothing to cache.
  const pipeline = createAnalysisPipeline(deps, createAnalysisRunCache(1));
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
