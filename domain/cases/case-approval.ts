import type { RecordedActor } from '../actor';
import type { Role } from '../roles';

/**
 * Who may give the second pair of eyes on a case decision (docs/people-and-cases.md, "Four eyes"):
 * a person — signed in, or through their personal key, which makes its actor that person — with the
 * `officer` role, who is not the person (or the company key) that decided. Pure: the use case asks
 * before it sends the approval to the case's workflow, and the workflow's activity asks
 * `isSamePairOfEyes` again under the case's row lock.
 */
export type CaseApprover = { actor: RecordedActor; roles: readonly Role[] };

/** Why an approval is refused, or `null` when it may be given. */
export type ApprovalRefusal = 'person_required' | 'officer_required' | 'four_eyes_required';

/**
 * One pair of eyes: the same actor type and id. A person signed in and the same person through any
 * of their personal keys are one `user` with one id, whatever `via_key` says; two company keys are
 * two actors (which is why a company key may not approve at all).
 */
export function isSamePairOfEyes(a: RecordedActor, b: RecordedActor): boolean {
  return a.type === b.type && a.id === b.id;
}

/** The approver's standing against the decider: the first rule it fails, in the order above. */
export function approvalRefusalOf(approver: CaseApprover, decidedBy: RecordedActor | null): ApprovalRefusal | null {
  if (approver.actor.type !== 'user') return 'person_required';
  if (!approver.roles.includes('officer')) return 'officer_required';
  if (decidedBy && isSamePairOfEyes(decidedBy, approver.actor)) return 'four_eyes_required';
  return null;
}
