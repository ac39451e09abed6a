import type { RecordedActor } from '../actor';
import type { RiskLevel } from '../analysis/verdict';
import { endOfNextBusinessDay } from '../calendar/sao-paulo-time';
import { ConflictError, FourEyesRequiredError } from '../errors';
import { isSamePairOfEyes } from './case-approval';
import type { CaseStatus } from './case-policy';

/**
 * What an actor may do to a case in each status, and what it becomes (docs/people-and-cases.md,
 * "The case life cycle"). Pure: the use case locks the row, asks here, writes what comes back.
 * An action that does not fit the status is a ConflictError (409); an approval by the decider a
 * FourEyesRequiredError (403).
 */
export const caseOutcomes = ['approve', 'approve_with_edd', 'reject', 'report_to_coaf'] as const;
export type CaseOutcome = (typeof caseOutcomes)[number];

export type CaseDecision = {
  outcome: CaseOutcome;
  rationale: string;
  decided_by: RecordedActor;
  decided_at: string;
  approved_by: RecordedActor | null;
  approved_at: string | null;
  approval_comment: string | null;
};

/** The state of a case an action reads. */
export type CaseState = { status: CaseStatus; riskLevel: RiskLevel; decision: CaseDecision | null };

/** What an action changes; `coafDeadlineAt` set only when an approval starts the COAF clock. */
export type CaseTransition = { status: CaseStatus; decision: CaseDecision | null; coafDeadlineAt?: Date; closed: boolean };

function refuse(action: string, status: CaseStatus): never {
  throw new ConflictError(`a case that is ${status} cannot be ${action}`);
}

/** Assigning an open case starts its review; a case in review or awaiting approval may change hands. */
export function assignCase(state: CaseState): CaseTransition {
  if (state.status === 'closed') refuse('assigned', state.status);
  return { status: state.status === 'open' ? 'in_review' : state.status, decision: state.decision, closed: false };
}

/** Notes are taken while a case is worked: a closed case's record is final. */
export function noteCase(state: CaseState): CaseTransition {
  if (state.status === 'closed') refuse('annotated', state.status);
  return { status: state.status, decision: state.decision, closed: false };
}

/**
 * A decision, from `open` or `in_review`: approving a low or medium risk closes the case on one
 * pair of eyes; any other outcome, and any decision on a high or critical risk, awaits an approval.
 */
export function decideCase(
  state: CaseState,
  actor: RecordedActor,
  input: { outcome: CaseOutcome; rationale: string },
  now: Date,
): CaseTransition {
  if (state.status !== 'open' && state.status !== 'in_review') refuse('decided', state.status);
  const decision: CaseDecision = {
    outcome: input.outcome,
    rationale: input.rationale,
    decided_by: actor,
    decided_at: now.toISOString(),
    approved_by: null,
    approved_at: null,
    approval_comment: null,
  };
  const closesAlone = input.outcome === 'approve' && (state.riskLevel === 'low' || state.riskLevel === 'medium');
  return closesAlone ? { status: 'closed', decision, closed: true } : { status: 'pending_approval', decision, closed: false };
}

/**
 * The second pair of eyes, on a pending decision: another actor than the decider (another person:
 * domain/cases/case-approval.ts, which the use case applies before the workflow) approves it
 * (closing the case; a `report_to_coaf` starts the COAF clock, due at the end of the next business
 * day) or returns it to review (the decision is withdrawn; the audit trail keeps it).
 */
export function approveCase(
  state: CaseState,
  actor: RecordedActor,
  input: { approve: boolean; comment: string | null },
  now: Date,
): CaseTransition {
  if (state.status !== 'pending_approval' || !state.decision) refuse('approved', state.status);
  if (isSamePairOfEyes(state.decision.decided_by, actor)) throw new FourEyesRequiredError();
  if (!input.approve) return { status: 'in_review', decision: null, closed: false };
  const decision: CaseDecision = { ...state.decision, approved_by: actor, approved_at: now.toISOString(), approval_comment: input.comment };
  const coafDeadlineAt = decision.outcome === 'report_to_coaf' ? endOfNextBusinessDay(now) : undefined;
  return { status: 'closed', decision, closed: true, ...(coafDeadlineAt ? { coafDeadlineAt } : {}) };
}
