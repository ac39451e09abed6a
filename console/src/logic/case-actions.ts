import type { Case } from '../api/types';

/**
 * What the console offers on a case, from its status and who is looking (docs/people-and-cases.md,
 * "The life cycle", "Four eyes"): the API decides, this only hides what it would refuse. An approval
 * is offered to an officer who did not decide — one person is one pair of eyes, signed in or through
 * their personal key, so the decision's `decided_by` is compared as a person — and the decider sees
 * why not; anyone else looking at a pending decision is told that it waits for an officer.
 */
export type CaseViewer = { id: string; roles: readonly string[] };

export type CaseOffer = {
  assign: boolean;
  note: boolean;
  decide: boolean;
  approve: boolean;
  approvalBlockedByFourEyes: boolean;
  awaitingOfficer: boolean;
};

const canWork = (viewer: CaseViewer) => viewer.roles.includes('analyst') || viewer.roles.includes('officer');

export function caseOffer(c: Pick<Case, 'status' | 'decision'>, viewer: CaseViewer): CaseOffer {
  const working = canWork(viewer) && c.status !== 'closed';
  const pending = c.status === 'pending_approval';
  const decidedByViewer = Boolean(c.decision && c.decision.decided_by.type === 'user' && c.decision.decided_by.id === viewer.id);
  const officer = viewer.roles.includes('officer');
  return {
    assign: working,
    note: working,
    decide: working && (c.status === 'open' || c.status === 'in_review'),
    approve: pending && officer && !decidedByViewer,
    approvalBlockedByFourEyes: pending && officer && decidedByViewer,
    awaitingOfficer: pending && !officer,
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
