import { randomUUID } from 'node:crypto';
import { caseWorkflowContract } from '../../contracts/case-workflow-contract';
import { findAnalysisForCase } from '../../db/repositories/analyses/analysis-read-repository';
import {
  analysisHasCase,
  type CaseRow,
  type CaseSubject,
  findCaseOfAlert,
  findOpenCaseOfAnalysis,
  insertCase,
} from '../../db/repositories/cases/case-repository';
import { type Actor, companyIdActedOn, recordedActorOf, type MemberActor, type SystemActor } from '../../domain/actor';
import type { RiskLevel } from '../../domain/analysis/verdict';
import { automaticCaseReasonOf, caseDueAt, casePriorityOf, type ReviewFlags } from '../../domain/cases/case-policy';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { startWorkflow } from '../../infra/start-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../support/usecase-deps';

/** What a case is opened on: the analysis, its verdict's risk level and subject, why, and the monitoring alert if any. */
type CaseOpening = {
  companyId: number;
  companyUuid: string;
  analysisUuid: string;
  riskLevel: RiskLevel;
  subject: CaseSubject;
  reason: string;
  alertUuid?: string | null;
};

/**
 * The case row, its `case.opened` audit event and the start of its workflow (which announces it:
 * case.opened), the start inside the transaction: Temporal out of reach rolls the case back (502,
 * nothing persisted), so no case ever lacks its workflow. The workflow's first step waits for the
 * commit (activities/case-activities.ts). Undefined when the analysis already has a case that is
 * not closed. The workflow id is the case's; starting it again finds the same run.
 */
async function recordNewCase(
  deps: Pick<UsecaseDeps, 'db' | 'temporal' | 'clock' | 'requestId'>,
  openedBy: Actor,
  opening: CaseOpening,
): Promise<CaseRow | undefined> {
  const now = nowOf(deps);
  const uuid = randomUUID();
  const workflowInput = { companyUuid: opening.companyUuid, caseUuid: uuid };
  const priority = casePriorityOf(opening.riskLevel);
  const created = await deps.db.transaction(async (trx) => {
    const row = await insertCase(trx, {
      uuid,
      company_id: opening.companyId,
      priority,
      risk_level: opening.riskLevel,
      analysis_uuid: opening.analysisUuid,
      alert_uuid: opening.alertUuid ?? null,
      subject: opening.subject,
      reason: opening.reason,
      opened_by: recordedActorOf(openedBy),
      due_at: caseDueAt(now, priority),
      workflow_id: caseWorkflowContract.workflowId(workflowInput),
      created_at: now,
    });
    if (!row) return undefined;
    // The workflow start before the audit event: the event takes the company's audit-chain lock
    // until the commit, and held across this Temporal call it queued every other case opening of
    // the company behind it (11–28 s waits at c=16 in `bench -- scale`, docs/scaling.md).
    await startCaseWorkflow(deps, row, opening.companyUuid);
    await recordAuditEvent({ ...deps, db: trx }, openedBy, {
      companyId: opening.companyId,
      action: 'case.opened',
      resource: { type: 'case', uuid },
      changes: {
        status: 'open',
        analysis_uuid: opening.analysisUuid,
        alert_uuid: opening.alertUuid ?? null,
        reason: opening.reason,
        priority,
        due_at: row.due_at.toISOString(),
      },
    });
    return row;
  });
  return created;
}

/** The case's workflow, started once ever (a second start finds the first run). */
export async function startCaseWorkflow(
  deps: Pick<UsecaseDeps, 'temporal'>,
  row: Pick<CaseRow, 'uuid'>,
  companyUuid: string,
): Promise<void> {
  await startWorkflow(deps.temporal, caseWorkflowContract, { companyUuid, caseUuid: row.uuid });
}

function subjectOf(subject: { entity_id: number; entity_type: string; display_name: string; document?: string | null }): CaseSubject {
  return { entity_id: subject.entity_id, entity_type: subject.entity_type, document: subject.document ?? null, name: subject.display_name };
}

/**
 * POST /cases: a case opened by hand on a completed analysis of the caller's company, for the
 * reason given (docs/people-and-cases.md, "Cases"). Another company's or an unknown analysis is
 * 404; one not completed, or with a case that is not closed, 409 naming it.
 */
export async function openCase(deps: UsecaseDeps, actor: MemberActor, input: { analysisUuid: string; reason: string }): Promise<CaseRow> {
  const analysisUuid = input.analysisUuid.toLowerCase();
  const analysis = await findAnalysisForCase(deps.db, actor.company.id, analysisUuid);
  if (!analysis) throw new NotFoundError('analysis');
  if (analysis.status !== 'completed' || !analysis.subject || !analysis.risk_level)
    throw new ConflictError(`analysis ${analysisUuid} is ${analysis.status}: a case is opened on a completed analysis`);
  const opening = {
    companyId: actor.company.id,
    companyUuid: actor.company.uuid,
    analysisUuid,
    riskLevel: analysis.risk_level as RiskLevel,
    subject: subjectOf(analysis.subject),
    reason: input.reason,
  };
  const created = await recordNewCase(deps, actor, opening);
  if (created) return created;
  const open = await findOpenCaseOfAnalysis(deps.db, actor.company.id, analysisUuid);
  throw new ConflictError(
    open ? `analysis ${analysisUuid} already has case ${open.uuid} in progress` : `analysis ${analysisUuid} already has a case in progress`,
  );
}

/**
 * The service's own opening, after an analysis completed: a case when its verdict requires review
 * or escalation, once per analysis (a retried activity finds the first and makes sure its
 * workflow runs). Answers the case, or null when the verdict needs none.
 */
export async function openReviewCase(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: {
    companyId: number;
    companyUuid: string;
    analysisUuid: string;
    review: ReviewFlags;
    riskLevel: RiskLevel;
    subject: { entity_id: number; entity_type: string; display_name: string; document?: string | null };
  },
): Promise<CaseRow | null> {
  const reason = automaticCaseReasonOf(input.review);
  if (!reason) return null;
  const companyId = companyIdActedOn(actor, input.companyId);
  if (await analysisHasCase(deps.db, companyId, input.analysisUuid)) {
    const open = await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid);
    if (open) await startCaseWorkflow(deps, open, input.companyUuid);
    return open ?? null;
  }
  const opening = {
    companyId,
    companyUuid: input.companyUuid,
    analysisUuid: input.analysisUuid,
    riskLevel: input.riskLevel,
    subject: subjectOf(input.subject),
    reason,
  };
  return (await recordNewCase(deps, actor, opening)) ?? (await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid)) ?? null;
}

/**
 * The service's opening for a monitoring alert whose risk increased (docs/monitoring.md): a case on
 * the alert's re-analysis, naming the alert, once per alert (a retried step finds it). When the
 * analysis already has a case in progress, that case is the one answered.
 */
export async function openAlertCase(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: {
    companyId: number;
    companyUuid: string;
    analysisUuid: string;
    alertUuid: string;
    riskLevel: RiskLevel;
    subject: { entity_id: number; entity_type: string; display_name: string; document?: string | null };
  },
): Promise<CaseRow | null> {
  const companyId = companyIdActedOn(actor, input.companyId);
  const existing =
    (await findCaseOfAlert(deps.db, companyId, input.alertUuid)) ?? (await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid));
  if (existing) {
    if (existing.status !== 'closed') await startCaseWorkflow(deps, existing, input.companyUuid);
    return existing;
  }
  const opening = {
    companyId,
    companyUuid: input.companyUuid,
    analysisUuid: input.analysisUuid,
    alertUuid: input.alertUuid,
    riskLevel: input.riskLevel,
    subject: subjectOf(input.subject),
    reason: 'risk_increased',
  };
  return (await recordNewCase(deps, actor, opening)) ?? (await findOpenCaseOfAnalysis(deps.db, companyId, input.analysisUuid)) ?? null;
}
