import type { Case } from '../api/types';

/**
 * What the console offers on a case, from its status and who is looking (docs/people-and-cases.md,
 * "The life cycle"): the API decides, this only hides what it would refuse. An approval is offered
 * to an officer who did not decide (four eyes); the decider sees why not.
 */
export type CaseViewer = { id: string; roles: readonly string[] };

export type CaseOffer = { assign: boolean; note: boolean; decide: boolean; approve: boolean; approvalBlockedByFourEyes: boolean };

const canWork = (viewer: CaseViewer) => viewer.roles.includes('analyst') || viewer.roles.includes('officer');

export function caseOffer(c: Pick<Case, 'status' | 'decision'>, viewer: CaseViewer): CaseOffer {
  const working = canWork(viewer) && c.status !== 'closed';
  const pending = c.status === 'pending_approval';
  const decidedByViewer = Boolean(c.decision && c.decision.decided_by.id === viewer.id);
  return {
    assign: working,
    note: working,
    decide: working && (c.status === 'open' || c.status === 'in_review'),
    approve: pending && viewer.roles.includes('officer') && !decidedByViewer,
    approvalBlockedByFourEyes: pending && viewer.roles.includes('officer') && decidedByViewer,
  };
}

/** The queue's tabs as GET /cases queries. */
export const caseQueues = {
  mine: '?assignee=me&limit=100',
  unassigned: '?assignee=none&limit=100',
  overdue: '?overdue=true&limit=100',
  all: '?limit=100',
} as const;
export type CaseQueue = keyof typeof caseQueues;
