import { type CaseClocks, isCaseSettled, nextCaseDeadline } from '../../../../domain/cases/case-clocks';

const base: CaseClocks = { status: 'open', dueAt: '2026-11-27T02:59:59.999Z', overdueAt: null, coafDeadlineAt: null, coafClock: null };

describe('the clocks of a case', () => {
  it.each([
    ['an open case: its service level', base, { clock: 'service_level', at: base.dueAt }, false],
    ['an open case already overdue: none', { ...base, overdueAt: '2026-11-27T03:00:00.000Z' }, null, false],
    ['a closed case without COAF: none, settled', { ...base, status: 'closed' }, null, true],
    [
      'a closed case with a running COAF clock: the COAF deadline',
      { ...base, status: 'closed', coafClock: 'running', coafDeadlineAt: '2026-11-28T02:59:59.999Z' },
      { clock: 'coaf', at: '2026-11-28T02:59:59.999Z' },
      false,
    ],
    [
      'a filed COAF clock: settled',
      { ...base, status: 'closed', coafClock: 'filed', coafDeadlineAt: '2026-11-28T02:59:59.999Z' },
      null,
      true,
    ],
    [
      'a run-out COAF clock: settled',
      { ...base, status: 'closed', coafClock: 'overdue', coafDeadlineAt: '2026-11-28T02:59:59.999Z' },
      null,
      true,
    ],
    [
      'both running: the earlier first',
      { ...base, status: 'in_review', dueAt: '2026-12-01T02:59:59.999Z', coafClock: 'running', coafDeadlineAt: '2026-11-28T02:59:59.999Z' },
      { clock: 'coaf', at: '2026-11-28T02:59:59.999Z' },
      false,
    ],
  ] as const)('%s', (_name, clocks, next, settled) => {
    expect(nextCaseDeadline(clocks as CaseClocks)).toEqual(next);
    expect(isCaseSettled(clocks as CaseClocks)).toBe(settled);
  });
});
