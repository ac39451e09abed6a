import { randomUUID } from 'node:crypto';
import {
  type CaseActionBy,
  type CaseActionInput,
  type CaseActionOutcome,
  type CaseActionRequest,
  caseUpdates,
  caseWorkflowContract,
} from '../../contracts/case-workflow-contract';
import type { PublishInput } from '../../contracts/webhook-delivery-workflow-contract';
import { type CaseRow, clocksOf, findCase, insertCaseNote, lockCase, updateCase } from '../../db/repositories/cases/case-repository';
import { findCompanyMember } from '../../db/repositories/people/person-repository';
import { recordedActorOf, type MemberActor, type SystemActor } from '../../domain/actor';
import { approveCase, assignCase, type CaseOutcome, type CaseTransition, decideCase, noteCase } from '../../domain/cases/case-actions';
import { approvalRefusalOf } from '../../domain/cases/case-approval';
import {
  ConflictError,
  FourEyesRequiredError,
  InsufficientScopeError,
  NotFoundError,
  PersonRequiredError,
  ValidationError,
} from '../../domain/errors';
import { executeWorkflowUpdate, WorkflowNotRunningError, WorkflowUpdateRefusedError } from '../../infra/update-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../support/usecase-deps';

/** What an action asks, as the API receives it (the actor and request id are added here). */
export type CaseAction =
  | { action: 'assign'; assigneeId: string }
  | { action: 'note'; text: string }
  | { action: 'decide'; outcome: CaseOutcome; rationale: string }
  | { action: 'approve'; approve: boolean; comment: string | null };

/** An action waits for its workflow at most this long: one short database write and a workflow task. */
const CASE_ACTION_DEADLINE_MS = 10_000;

const failures = caseWorkflowContract.failureTypes;

/**
 * Every action on a case (POST /cases/{uuid}/assign|notes|decision|approval): checked against
 * the company, then sent to the case's workflow as the `caseAction` update, which applies it
 * (applyCaseAction) and keeps the clocks. Answers the case as it is after the action.
 * Another company's case is 404; an action that does not fit its status 409; an approval by a key
 * that is no person's 403 person_required, by the decider (the same person, through any of their
 * keys) 403 four_eyes_required; an assignee who is nobody of the company 422.
 */
export async function requestCaseAction(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { caseUuid: string; action: CaseAction },
): Promise<CaseRow> {
  const caseUuid = input.caseUuid.toLowerCase();
  const row = await findCase(deps.db, actor.company.id, caseUuid);
  if (!row) throw new NotFoundError('case');
  if (input.action.action === 'approve') refuseUnfitApprover(actor, row);
  const by = { actor, requestId: deps.requestId ?? null, actionUuid: randomUUID() };
  const request = await toRequest(deps, actor, input.action, by);
  try {
    await executeWorkflowUpdate(
      deps.temporal,
      caseWorkflowContract,
      { companyUuid: actor.company.uuid, caseUuid },
      caseUpdates.caseAction,
      request,
      CASE_ACTION_DEADLINE_MS,
    );
  } catch (error) {
    throw refusalOf(error, row);
  }
  return (await findCase(deps.db, actor.company.id, caseUuid))!;
}

/**
 * Four eyes are two people (domain/cases/case-approval.ts): refused here, before the workflow is
 * asked, so its recorded path does not change. The decider's check is repeated by the workflow's
 * activity under the row lock (a decision made meanwhile); an approval of a case not pending is left
 * to the workflow (409), with the decision read here as it stands.
 */
function refuseUnfitApprover(actor: MemberActor, row: CaseRow): void {
  const refusal = approvalRefusalOf(
    { actor: recordedActorOf(actor), roles: actor.type === 'user' ? actor.roles : [] },
    row.status === 'pending_approval' ? (row.decision?.decided_by ?? null) : null,
  );
  if (refusal === 'person_required') throw new PersonRequiredError();
  if (refusal === 'officer_required') throw new InsufficientScopeError('cases:approve');
  if (refusal === 'four_eyes_required') throw new FourEyesRequiredError();
}

async function toRequest(deps: UsecaseDeps, actor: MemberActor, action: CaseAction, by: CaseActionBy): Promise<CaseActionRequest> {
  switch (action.action) {
    case 'assign': {
      const assignee = await findCompanyMember(deps.db, actor.company.id, action.assigneeId.toLowerCase());
      if (!assignee)
        throw ValidationError.single(['body', 'assignee_id'], "not a person's id or an API key's uuid of this company", 'assignee_unknown');
      return { ...by, action: 'assign', assignee };
    }
    case 'note':
      return { ...by, action: 'note', text: action.text };
    case 'decide':
      return { ...by, action: 'decide', outcome: action.outcome, rationale: action.rationale };
    case 'approve':
      return { ...by, action: 'approve', approve: action.approve, comment: action.comment };
  }
}

/** The workflow's refusal as the service's error (one vocabulary: domain/errors.ts). */
function refusalOf(error: unknown, row: CaseRow): unknown {
  // The workflow ends once every clock of the case has stopped: the case is closed.
  if (error instanceof WorkflowNotRunningError)
    return new ConflictError(`a case that is ${row.status === 'closed' ? 'closed' : row.status} takes no more actions`);
  if (!(error instanceof WorkflowUpdateRefusedError)) return error;
  switch (error.failureType) {
    case failures.conflict:
      return new ConflictError(error.message);
    case failures.fourEyes:
      return new FourEyesRequiredError();
    case failures.notFound:
      return new NotFoundError('case');
    case failures.invalid:
      return ValidationError.single(['body'], error.message, 'case_action_invalid');
    default:
      return error;
  }
}

/** A refusal the case workflow passes back to the caller as is (its failure type: caseWorkflowContract). */
export function failureTypeOfRefusal(error: unknown): string | undefined {
  if (error instanceof ConflictError) return failures.conflict;
  if (error instanceof FourEyesRequiredError) return failures.fourEyes;
  if (error instanceof NotFoundError) return failures.notFound;
  if (error instanceof ValidationError) return failures.invalid;
  return undefined;
}

/**
 * Applies one action (the case workflow's activity): under the case's row lock, asks the pure
 * rules (domain/cases/case-actions.ts), writes the case, its note, the audit event of the actor
 * who asked, and answers the clocks and what to announce. Idempotent: an action already applied
 * (its `actionUuid` is the case's last) answers the case as it is.
 */
export async function applyCaseAction(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: SystemActor,
  input: CaseActionInput,
): Promise<CaseActionOutcome> {
  const now = nowOf(deps);
  return deps.db.transaction(async (trx) => {
    const row = await lockCase(trx, input.caseUuid);
    if (!row) throw new NotFoundError('case');
    if (row.last_action_uuid === input.actionUuid) return { clocks: clocksOf(row), coafDraft: coafDraftOf(row, input), announce: [] };
    const state = { status: row.status, riskLevel: row.risk_level, decision: row.decision };
    const audit = { db: trx, clock: deps.clock, requestId: input.requestId };
    let transition: CaseTransition;
    let changes: Record<string, unknown>;
    let reportUuid: string | null = row.report_uuid;
    const recorded = recordedActorOf(input.actor);
    switch (input.action) {
      case 'assign':
        transition = assignCase(state);
        changes = { assignee: input.assignee, status: transition.status };
        break;
      case 'note': {
        transition = noteCase(state);
        const note = await insertCaseNote(trx, row.id, { uuid: input.actionUuid, author: recorded, text: input.text, createdAt: now });
        changes = { note_uuid: note.uuid, text: input.text };
        break;
      }
      case 'decide':
        transition = decideCase(state, recorded, { outcome: input.outcome, rationale: input.rationale }, now);
        changes = { status: transition.status, outcome: input.outcome, rationale: input.rationale };
        break;
      case 'approve':
        transition = approveCase(state, recorded, { approve: input.approve, comment: input.comment }, now);
        if (transition.coafDeadlineAt) reportUuid = randomUUID();
        changes = {
          status: transition.status,
          approve: input.approve,
          comment: input.comment,
          ...(transition.coafDeadlineAt ? { coaf_deadline_at: transition.coafDeadlineAt.toISOString(), report_uuid: reportUuid } : {}),
        };
        break;
    }
    const updated = await updateCase(
      trx,
      row.id,
      {
        status: transition.status,
        decision: transition.decision,
        last_action_uuid: input.actionUuid,
        ...(input.action === 'assign' ? { assignee: input.assignee } : {}),
        ...(transition.closed ? { closed_at: now } : {}),
        ...(transition.coafDeadlineAt
          ? { coaf_deadline_at: transition.coafDeadlineAt, coaf_clock: 'running' as const, report_uuid: reportUuid }
          : {}),
      },
      now,
    );
    const verb = {
      assign: 'assigned',
      note: 'noted',
      decide: 'decided',
      approve: input.action === 'approve' && input.approve ? 'approved' : 'returned',
    }[input.action];
    await recordAuditEvent(audit, input.actor, {
      companyId: row.company_id,
      action: `case.${verb}`,
      resource: { type: 'case', uuid: row.uuid },
      changes,
    });
    const announce = input.action === 'decide' || input.action === 'approve' ? [decidedEvent(updated)] : [];
    return { clocks: clocksOf(updated), coafDraft: coafDraftOf(updated, input), announce };
  });
}

/** The `coaf_cos` draft an approved `report_to_coaf` links, to be written by the case workflow. */
function coafDraftOf(row: CaseRow, input: CaseActionInput): CaseActionOutcome['coafDraft'] {
  if (input.action !== 'approve' || row.coaf_clock !== 'running' || !row.report_uuid) return null;
  return {
    reportUuid: row.report_uuid,
    analysisUuid: row.analysis_uuid,
    companyId: row.company_id,
    requestedBy: { actor: input.actor, requestId: input.requestId },
  };
}

function decidedEvent(row: CaseRow): PublishInput {
  return {
    companyId: row.company_id,
    type: 'case.decided',
    data: {
      case_uuid: row.uuid,
      analysis_uuid: row.analysis_uuid,
      status: row.status,
      outcome: row.decision?.outcome ?? null,
      coaf_deadline_at: row.coaf_deadline_at?.toISOString() ?? null,
      report_uuid: row.report_uuid,
    },
    idempotencyKey: `case-${row.uuid}-decided-${row.last_action_uuid}`,
  };
}
