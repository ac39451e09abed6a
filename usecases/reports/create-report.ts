import { randomUUID } from 'node:crypto';
import { reportWorkflowContract } from '../../contracts/report-workflow-contract';
import { claimIdempotencyKey } from '../../db/repositories/tenancy/idempotency-repository';
import { findAnalysisCompletion } from '../../db/repositories/reports/report-source-repository';
import { NotFoundError, ValidationError, WorkflowFailedError } from '../../domain/errors';
import { fingerprint } from '../../domain/fingerprint';
import { currentRegulatoryManifest } from '../../domain/regulatory/manifest-registry';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import { isWindowOpen, reportWindow } from '../../domain/regulatory/report-window';
import { actorRef, type MemberActor } from '../../domain/actor';
import { awaitWorkflowResult, startWorkflow, WorkflowRunFailedError } from '../../infra/start-workflow';
import { findReplay, idempotentRequest } from '../idempotency/idempotent-request';
import { reserveQuota } from '../tenancy/reserve-quota';
import type { UsecaseDeps } from '../usecase-deps';
import { reportsTotal } from '../../infra/metrics';

export type CreateReportRequest = { analysis_uuid: string; type: ReportType; language?: 'pt-BR' };
export type CreatedReport = { status: number; reportUuid: string; replayed: boolean };

const REPORT_DEADLINE_MS = 30_000;
const REPORT_FAILED_DETAIL = 'report generation failed; nothing was persisted and repeating the call is safe';
export const OUTSIDE_WINDOW_MESSAGE = 'the 24-hour window of this analysis has passed (Lei 9.613/1998 art. 11): run a new analysis and report on it';

/** A key names one report: the same key and body always give the same report uuid, so concurrent retries share one generation. */
function reportUuidOf(companyId: number, key: string | undefined, requestHash: string): string {
  if (!key) return randomUUID();
  const hex = fingerprint({ companyId, key, requestHash });
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** 404 for an unknown or foreign analysis; 422 when it is not completed or its window has passed. */
async function assertReportableAnalysis(deps: UsecaseDeps, actor: MemberActor, input: { analysisUuid: string; now?: Date }): Promise<void> {
  const { analysisUuid, now = new Date() } = input;
  const analysis = await findAnalysisCompletion(deps.db, actor.company.id, analysisUuid);
  if (!analysis) throw new NotFoundError('analysis');
  if (analysis.status !== 'completed') throw ValidationError.single(['analysis_uuid'], `the analysis is ${analysis.status}: only a completed analysis can be reported`, 'analysis_not_completed');
  if (!isWindowOpen(reportWindow(analysis.completed_at, currentRegulatoryManifest), now)) throw ValidationError.single(['analysis_uuid'], OUTSIDE_WINDOW_MESSAGE, 'report_window_closed');
}

/**
 * POST /reports: an Idempotency-Key replays its stored answer (no quota); otherwise check the
 * analysis (404/422 hold no quota), take one unit of the `reports` quota, run the report
 * workflow (`report-<uuid>`, queue `reports`) and wait for it. A failed workflow wrote nothing
 * (one transaction) and gives the unit back: 500, repeating is safe.
 */
export async function createReport(deps: UsecaseDeps, actor: MemberActor, input: { body: CreateReportRequest; idempotencyKey: string | undefined }): Promise<CreatedReport> {
  const { body, idempotencyKey } = input;
  const request = { analysis_uuid: body.analysis_uuid.toLowerCase(), type: body.type, language: body.language ?? 'pt-BR' };
  const idempotent = idempotentRequest(actor.company.id, 'createReport', idempotencyKey, request);
  const replay = await findReplay(deps.db, idempotent);
  if (replay) return { status: replay.status, reportUuid: (replay.body as { uuid: string }).uuid, replayed: true };

  await assertReportableAnalysis(deps, actor, { analysisUuid: request.analysis_uuid });
  const reportUuid = reportUuidOf(actor.company.id, idempotencyKey, idempotent.requestHash);
  const quota = await reserveQuota(deps.db, actor, 'reports', deps.logger);
  try {
    const input = { reportUuid, companyId: actor.company.id, companyUuid: actor.company.uuid, analysisUuid: request.analysis_uuid, type: request.type, language: 'pt-BR' as const, requestedBy: { actor: actorRef(actor), requestId: deps.requestId ?? null } };
    const started = await startWorkflow(deps.temporal, reportWorkflowContract, input, { idPolicy: 'share-running', executionTimeout: '60s' });
    const result = await awaitWorkflowResult(deps.temporal, started, REPORT_DEADLINE_MS);
    // One unit per report: a concurrent retry with the same key joined the same run, and only the
    // request that claims the key keeps its unit; the other answers as a replay.
    const owner = idempotent.keyRef ? await claimIdempotencyKey(deps.db, idempotent.keyRef, { requestHash: idempotent.requestHash, status: 201, body: { uuid: reportUuid } }) : result.created;
    if (!owner) await quota.giveBack();
    else reportsTotal.inc({ type: request.type, outcome: 'created' });
    return { status: 201, reportUuid, replayed: !owner };
  } catch (error) {
    await quota.giveBack();
    if (error instanceof WorkflowRunFailedError) {
      reportsTotal.inc({ type: request.type, outcome: 'failed' });
      deps.logger.error({ report_uuid: reportUuid, analysis_uuid: request.analysis_uuid, failure_type: error.failureType, err: { message: error.message } }, 'report workflow failed');
      throw new WorkflowFailedError(error.message, REPORT_FAILED_DETAIL);
    }
    throw error;
  }
}
