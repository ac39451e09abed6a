import type { RecordedActor } from '../../../../domain/actor';
import { approveCase, assignCase, type CaseDecision, type CaseState, decideCase, noteCase } from '../../../../domain/cases/case-actions';
import { ConflictError, FourEyesRequiredError } from '../../../../domain/errors';

const ana: RecordedActor = { type: 'user', id: 'ana', name: 'Ana' };
const otavio: RecordedActor = { type: 'user', id: 'otavio', name: 'Otávio' };
const key: RecordedActor = { type: 'api_key', id: 'ana', name: 'a key that shares the id text' };
const now = new Date('2026-11-25T15:00:00.000Z');
const pending = (outcome: CaseDecision['outcome'], by: RecordedActor = ana): CaseState => ({
  status: 'pending_approval',
  riskLevel: 'high',
  decision: {
    outcome,
    rationale: 'why',
    decided_by: by,
    decided_at: now.toISOString(),
    approved_by: null,
    approved_at: null,
    approval_comment: null,
  },
});
const state = (status: CaseState['status'], riskLevel: CaseState['riskLevel'] = 'high'): CaseState => ({
  status,
  riskLevel,
  decision: null,
});

describe('assign and note', () => {
  it.each([
    ['open', 'in_review'],
    ['in_review', 'in_review'],
    ['pending_approval', 'pending_approval'],
  ] as const)('assigning a case %s leaves it %s', (from, to) => {
    expect(assignCase(state(from)).status).toBe(to);
    expect(noteCase(state(from)).status).toBe(from);
  });

  it('refuses both on a closed case (409)', () => {
    expect(() => assignCase(state('closed'))).toThrow(ConflictError);
    expect(() => noteCase(state('closed'))).toThrow(ConflictError);
  });
});

describe('decideCase', () => {
  it.each([
    ['approve', 'low', 'closed'],
    ['approve', 'medium', 'closed'],
    ['approve', 'high', 'pending_approval'],
    ['approve', 'critical', 'pending_approval'],
    ['approve_with_edd', 'low', 'pending_approval'],
    ['reject', 'medium', 'pending_approval'],
    ['report_to_coaf', 'low', 'pending_approval'],
  ] as const)('%s on a %s risk → %s', (outcome, risk, status) => {
    const t = decideCase(state('in_review', risk), ana, { outcome, rationale: 'why' }, now);
    expect(t.status).toBe(status);
    expect(t.closed).toBe(status === 'closed');
    expect(t.decision).toMatchObject({ outcome, rationale: 'why', decided_by: ana, decided_at: now.toISOString(), approved_by: null });
  });

  it.each(['pending_approval', 'closed'] as const)('refuses a case %s (409)', (status) => {
    expect(() => decideCase(state(status), ana, { outcome: 'reject', rationale: 'why' }, now)).toThrow(ConflictError);
  });
});

describe('approveCase', () => {
  it('closes on approval by another actor, keeping who decided and who approved', () => {
    const t = approveCase(pending('reject'), otavio, { approve: true, comment: 'ok' }, now);
    expect(t).toMatchObject({
      status: 'closed',
      closed: true,
      decision: { decided_by: ana, approved_by: otavio, approved_at: now.toISOString(), approval_comment: 'ok' },
    });
    expect(t.coafDeadlineAt).toBeUndefined();
  });

  it('starts the COAF clock on report_to_coaf: the end of the next business day', () => {
    expect(
      approveCase(
        pending('report_to_coaf'),
        otavio,
        { approve: true, comment: null },
        new Date('2026-11-27T15:00:00.000Z'),
      ).coafDeadlineAt?.toISOString(),
    ).toBe('2026-12-01T02:59:59.999Z');
  });

  it('returns the case to review on refusal, withdrawing the decision', () => {
    expect(approveCase(pending('report_to_coaf'), otavio, { approve: false, comment: 'more evidence' }, now)).toEqual({
      status: 'in_review',
      decision: null,
      closed: false,
    });
  });

  it.each([
    ['the same person', ana, true],
    ['a key whose id reads the same (another actor)', key, false],
    ['another person', otavio, false],
  ] as const)('by %s: four eyes refused %s', (_name, approver, refused) => {
    const approve = () => approveCase(pending('approve'), approver, { approve: true, comment: null }, now);
    if (refused) expect(approve).toThrow(FourEyesRequiredError);
    else expect(approve().status).toBe('closed');
  });

  it.each(['open', 'in_review', 'closed'] as const)('refuses a case %s (409)', (status) => {
    expect(() => approveCase(state(status), otavio, { approve: true, comment: null }, now)).toThrow(ConflictError);
  });
});
