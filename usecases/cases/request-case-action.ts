import { randomUUID } from 'node:crypto';
import { type CaseActionBy, type CaseActionRequest, caseUpdates, caseWorkflowContract } from '../../contracts/case-workflow-contract';
import { type CaseRow, findCase } from '../../db/repositories/cases/case-repository';
import { findCompanyMember } from '../../db/repositories/people/person-repository';
import { recordedActorOf, type MemberActor } from '../../domain/actor';
import type { CaseOutcome } from '../../domain/cases/case-actions';
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
import type { UsecaseDeps } from '../support/usecase-deps';

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
 * (apply-case-action.ts) and keeps the clocks. Answers the case as it is after the action.
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
