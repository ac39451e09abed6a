import { randomUUID } from 'node:crypto';
import { reportWorkflowContract, type ReportWorkflowResult } from '../../contracts/report-workflow-contract';
import { findReportByUuid } from '../../db/repositories/reports/report-repository';
import {
  holdReportGenerationFence,
  isPastCommitDeadline,
  msUntilCommitDeadline,
} from '../../db/repositories/reports/report-generation-fence';
import { claimIdempotencyKey } from '../../db/repositories/tenancy/idempotency-repository';
import { findAnalysisCompletion } from '../../db/repositories/reports/report-source-repository';
import { DependencyUnavailableError, NotFoundError, ValidationError, WorkflowFailedError } from '../../domain/errors';
import { fingerprint } from '../../domain/fingerprint';
import { currentRegulatoryManifest } from '../../domain/regulatory/manifest-registry';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import { isWindowOpen, reportWindow } from '../../domain/regulatory/report-window';
import type { MemberActor } from '../../domain/actor';
import { awaitWorkflowResult, startWorkflow, WorkflowRunFailedError } from '../../infra/start-workflow';
import { findReplay, idempotentRequest } from '../idempotency/support/idempotent-request';
import { reserveQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';
import { reportsTotal } from '../../infra/metrics';
import { OUTSIDE_WINDOW_MESSAGE } from './support/report-window-message';

export type CreateReportRequest = { analysis_uuid: string; type: ReportType; language?: 'pt-BR' };
export type CreatedReport = { status: number; reportUuid: string; replayed: boolean };

const REPORT_DEADLINE_MS = 30_000;
const REPORT_FAILED_DETAIL = 'report generation failed; nothing was persisted and repeating the call is safe';
const REPORT_DEADLINE_DETAIL =
  'report generation did not finish within the request deadline; nothing was persisted and repeating the call is safe';

/** A key names one report: the same key and body always give the same report uuid, so concurrent retries share one generation. */
function reportUuidOf(companyId: number, key: string | undefined, requestHash: string): string {
  if (!key) return randomUUID();
  const hex = fingerprint({ companyId, key, requestHash });
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** 404 for an unknown or foreign analysis; 422 when it is not completed or its window has passed. */
async function assertReportableAnalysis(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: MemberActor,
  input: { analysisUuid: string; now?: Date },
): Promise<void> {
  const { analysisUuid, now = new Date() } = input;
  const analysis = await findAnalysisCompletion(deps.db, actor.company.id, analysisUuid);
  if (!analysis) throw new NotFoundError('analysis');
  if (analysis.status !== 'completed')
    throw ValidationError.single(
      ['analysis_uuid'],
      `the analysis is ${analysis.status}: only a completed analysis can be reported`,
      'analysis_not_completed',
    );
  if (!isWindowOpen(reportWindow(analysis.completed_at, currentRegulatoryManifest), now))
    throw ValidationError.single(['analysis_uuid'], OUTSIDE_WINDOW_MESSAGE, 'report_window_closed');
}

/** Failures the generating activity itself raised: it wrote nothing and nothing of it still runs. */
const finalFailureTypes = new Set<string | undefined>(Object.values(reportWorkflowContract.failureTypes));

/**
 * After the request stopped waiting without a result (its deadline, a cancelled or timed-out
 * run, Temporal out of reach): whether the report was committed. Under the generation fence
 * (generate-report.ts holds it while it writes) no commit is in flight; once Postgres' clock is
 * past `commitBy`, none can come (the generation checks it just before committing), so an
 * absent report is absent for good. Before that it waits, at most the rest of the deadline.
 */
async function settleReportGeneration(deps: Pick<UsecaseDeps, 'db'>, input: { reportUuid: string; commitBy: string }): Promise<boolean> {
  for (;;) {
    const outcome = await deps.db.transaction(async (trx) => {
      await holdReportGenerationFence(trx, input.reportUuid);
      if (await findReportByUuid(trx, input.reportUuid)) return 'committed' as const;
      return (await isPastCommitDeadline(trx, input.commitBy)) ? ('absent' as const) : ('pending' as const);
    });
    if (outcome !== 'pending') return outcome === 'committed';
    const wait = await msUntilCommitDeadline(deps.db, input.commitBy);
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait + 5, 5), 1_000)));
  }
}

export type CreateReportInput = {
  body: CreateReportRequest;
  idempotencyKey: string | undefined;
  /** How long the request waits for the workflow (REPORT_DEADLINE_MS); tests shorten it to drive the race. */
  deadlineMs?: number;
};

/**
 * POST /reports: an Idempotency-Key replays its stored answer (no quota); otherwise check the
 * analysis (404/422 hold no quota), take one unit of the `reports` quota, run the report
 * workflow (`report-<uuid>`, queue `reports`) and wait for it. A failed workflow wrote nothing
 * (one transaction) and gives the unit back: 500, repeating is safe. When the wait ends without
 * a result (the deadline, a cancelled run), the answer is what happened: the committed report
 * (201), or — the generation being fenced off past the deadline — nothing persisted.
 */
export async function createReport(
  deps: Pick<UsecaseDeps, 'db' | 'temporal' | 'logger' | 'requestId'>,
  actor: MemberActor,
  input: CreateReportInput,
): Promise<CreatedReport> {
  const { body, idempotencyKey, deadlineMs = REPORT_DEADLINE_MS } = input;
  const request = { analysis_uuid: body.analysis_uuid.toLowerCase(), type: body.type, language: body.language ?? 'pt-BR' };
  const idempotent = idempotentRequest(actor.company.id, 'createReport', idempotencyKey, request);
  const replay = await findReplay(deps.db, idempotent);
  if (replay) return { status: replay.status, reportUuid: (replay.body as { uuid: string }).uuid, replayed: true };

  await assertReportableAnalysis(deps, actor, { analysisUuid: request.analysis_uuid });
  const reportUuid = reportUuidOf(actor.company.id, idempotencyKey, idempotent.requestHash);
  const quota = await reserveQuota(deps.db, actor, 'reports', deps.logger);
  const answerCreated = async (created: boolean): Promise<CreatedReport> => {
    // One unit per report: a concurrent retry with the same key joined the same run, and only the
    // request that claims the key keeps its unit; the other answers as a replay.
    const owner = idempotent.keyRef
      ? await claimIdempotencyKey(deps.db, idempotent.keyRef, {
          requestHash: idempotent.requestHash,
          status: 201,
          body: { uuid: reportUuid },
        })
      : created;
    if (!owner) await quota.giveBack();
    else reportsTotal.inc({ type: request.type, outcome: 'created' });
    return { status: 201, reportUuid, replayed: !owner };
  };
  const commitBy = new Date(Date.now() + deadlineMs).toISOString();
  let started = false;
  let result: ReportWorkflowResult;
  try {
    const input = {
      reportUuid,
      companyId: actor.company.id,
      companyUuid: actor.company.uuid,
      analysisUuid: request.analysis_uuid,
      type: request.type,
      language: 'pt-BR' as const,
      requestedBy: { actor, requestId: deps.requestId ?? null },
      commitBy,
    };
    const run = await startWorkflow(deps.temporal, reportWorkflowContract, input, { idPolicy: 'share-running', executionTimeout: '60s' });
    started = true;
    result = await awaitWorkflowResult(deps.temporal, run, deadlineMs);
  } catch (error) {
    const final = error instanceof WorkflowRunFailedError && finalFailureTypes.has(error.failureType);
    // Without the run's own verdict, the report may have been committed after all: read it back.
    if (started && !final) {
      try {
        if (await settleReportGeneration(deps, { reportUuid, commitBy })) {
          deps.logger.warn(
            { report_uuid: reportUuid, analysis_uuid: request.analysis_uuid, err: { message: (error as Error).message } },
            'report committed although its workflow result did not arrive in time',
          );
          return await answerCreated(true);
        }
      } catch (settleError) {
        await quota.giveBack();
        throw settleError;
      }
    }
    await quota.giveBack();
    if (error instanceof WorkflowRunFailedError) {
      reportsTotal.inc({ type: request.type, outcome: 'failed' });
      deps.logger.error(
        { report_uuid: reportUuid, analysis_uuid: request.analysis_uuid, failure_type: error.failureType, err: { message: error.message } },
        'report workflow failed',
      );
      throw new WorkflowFailedError(
        error.message,
        error.failureType === reportWorkflowContract.failureTypes.deadlinePassed ? REPORT_DEADLINE_DETAIL : REPORT_FAILED_DETAIL,
      );
    }
    if (started && error instanceof DependencyUnavailableError && Date.parse(commitBy) <= Date.now()) {
      reportsTotal.inc({ type: request.type, outcome: 'failed' });
      deps.logger.error(
        { report_uuid: reportUuid, analysis_uuid: request.analysis_uuid, deadline_ms: deadlineMs },
        'report not generated within the deadline',
      );
      throw new WorkflowFailedError(`report ${reportUuid} not generated within ${deadlineMs} ms`, REPORT_DEADLINE_DETAIL);
    }
    throw error;
  }
  return answerCreated(result.created);
}
