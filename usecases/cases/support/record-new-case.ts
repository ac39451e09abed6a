import { randomUUID } from 'node:crypto';
import { caseWorkflowContract } from '../../../contracts/case-workflow-contract';
import { type CaseRow, type CaseSubject, insertCase } from '../../../db/repositories/cases/case-repository';
import { type Actor, recordedActorOf } from '../../../domain/actor';
import type { RiskLevel } from '../../../domain/analysis/verdict';
import { caseDueAt, casePriorityOf } from '../../../domain/cases/case-policy';
import { startWorkflow } from '../../../infra/start-workflow';
import { recordAuditEvent } from '../../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../../support/usecase-deps';

/* What opening a case shares (open-case.ts, open-review-case.ts, open-alert-case.ts). */

/** What a case is opened on: the analysis, its verdict's risk level and subject, why, and the monitoring alert if any. */
export type CaseOpening = {
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
export async function recordNewCase(
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

/** The analysis' subject as a verdict names it, which an automatic opening is given. */
export type VerdictSubject = { entity_id: number; entity_type: string; display_name: string; document?: string | null };

/** What the service's own openings (after a verdict, after an alert) are given. */
export type AutomaticOpeningInput = {
  companyId: number;
  companyUuid: string;
  analysisUuid: string;
  riskLevel: RiskLevel;
  subject: VerdictSubject;
};

export function subjectOf(subject: VerdictSubject): CaseSubject {
  return { entity_id: subject.entity_id, entity_type: subject.entity_type, document: subject.document ?? null, name: subject.display_name };
}
