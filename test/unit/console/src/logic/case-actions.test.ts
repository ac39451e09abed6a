import { caseOffer, caseQueues } from '../../../../../console/src/logic/case-actions';

const ana = { type: 'user' as const, id: 'ana', name: 'Ana' };
const decided = {
  outcome: 'reject' as const,
  rationale: 'why',
  decided_by: ana,
  decided_at: '2026-11-25T15:00:00.000Z',
  approved_by: null,
  approved_at: null,
  approval_comment: null,
};
const viaKey = { ...decided, decided_by: { ...ana, via_key: 'k1' } };
const byCompanyKey = { ...decided, decided_by: { type: 'api_key' as const, id: 'ana', name: 'backoffice' } };

describe('caseOffer', () => {
  it.each([
    [
      'an analyst on an open case',
      { status: 'open', decision: null },
      { id: 'ana', roles: ['analyst'] },
      { assign: true, note: true, decide: true, approve: false, approvalBlockedByFourEyes: false, awaitingOfficer: false },
    ],
    [
      'an auditor on an open case',
      { status: 'open', decision: null },
      { id: 'aurora', roles: ['auditor'] },
      { assign: false, note: false, decide: false, approve: false, approvalBlockedByFourEyes: false, awaitingOfficer: false },
    ],
    [
      'an officer on a case someone else decided',
      { status: 'pending_approval', decision: decided },
      { id: 'otavio', roles: ['officer'] },
      { assign: true, note: true, decide: false, approve: true, approvalBlockedByFourEyes: false, awaitingOfficer: false },
    ],
    [
      'the officer who decided',
      { status: 'pending_approval', decision: decided },
      { id: 'ana', roles: ['officer'] },
      { assign: true, note: true, decide: false, approve: false, approvalBlockedByFourEyes: true, awaitingOfficer: false },
    ],
    [
      'an analyst on a pending case: it waits for an officer',
      { status: 'pending_approval', decision: decided },
      { id: 'bia', roles: ['analyst'] },
      { assign: true, note: true, decide: false, approve: false, approvalBlockedByFourEyes: false, awaitingOfficer: true },
    ],
    [
      'the analyst who decided: it waits for an officer',
      { status: 'pending_approval', decision: decided },
      { id: 'ana', roles: ['analyst'] },
      { assign: true, note: true, decide: false, approve: false, approvalBlockedByFourEyes: false, awaitingOfficer: true },
    ],
    [
      'the officer who decided through their personal key',
      { status: 'pending_approval', decision: viaKey },
      { id: 'ana', roles: ['officer'] },
      { assign: true, note: true, decide: false, approve: false, approvalBlockedByFourEyes: true, awaitingOfficer: false },
    ],
    [
      "an officer on a company key's decision whose uuid text is theirs",
      { status: 'pending_approval', decision: byCompanyKey },
      { id: 'ana', roles: ['officer'] },
      { assign: true, note: true, decide: false, approve: true, approvalBlockedByFourEyes: false, awaitingOfficer: false },
    ],
    [
      'anyone on a closed case',
      { status: 'closed', decision: decided },
      { id: 'otavio', roles: ['officer'] },
      { assign: false, note: false, decide: false, approve: false, approvalBlockedByFourEyes: false, awaitingOfficer: false },
    ],
  ] as const)('%s', (_name, c, viewer, offer) => {
    expect(caseOffer(c as never, viewer)).toEqual(offer);
  });

  it('asks GET /cases for each queue', () => {
    expect(caseQueues).toEqual({
      mine: '?assignee=me&limit=100',
      unassigned: '?assignee=none&limit=100',
      overdue: '?overdue=true&limit=100',
      all: '?limit=100',
    });
  });
});
