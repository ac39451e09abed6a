import { automaticCaseReasonOf, caseDueAt, casePriorityOf } from '../../../../domain/cases/case-policy';

describe('case priority', () => {
  it.each([
    ['low', 'low'],
    ['medium', 'normal'],
    ['high', 'high'],
    ['critical', 'urgent'],
  ] as const)('a %s risk makes a %s case', (risk, priority) => {
    expect(casePriorityOf(risk)).toBe(priority);
  });
});

describe('caseDueAt: the service level in business days of São Paulo', () => {
  it.each([
    ['urgent, opened a Wednesday: end of Thursday', '2026-11-25T15:00:00.000Z', 'urgent', '2026-11-27T02:59:59.999Z'],
    ['high, opened a Wednesday: end of Friday', '2026-11-25T15:00:00.000Z', 'high', '2026-11-28T02:59:59.999Z'],
    ['normal, opened a Wednesday: end of the next Wednesday', '2026-11-25T15:00:00.000Z', 'normal', '2026-12-03T02:59:59.999Z'],
    ['low, opened a Wednesday: ten business days', '2026-11-25T15:00:00.000Z', 'low', '2026-12-10T02:59:59.999Z'],
    ['urgent, opened the Friday before Carnival 2026: Ash Wednesday', '2026-02-13T15:00:00.000Z', 'urgent', '2026-02-19T02:59:59.999Z'],
    ['urgent, opened late Wednesday night local (Thursday in UTC)', '2026-11-26T02:30:00.000Z', 'urgent', '2026-11-27T02:59:59.999Z'],
    ['urgent, opened the Thursday before Consciência Negra (a Friday)', '2026-11-19T15:00:00.000Z', 'urgent', '2026-11-24T02:59:59.999Z'],
  ] as const)('%s', (_name, openedAt, priority, due) => {
    expect(caseDueAt(new Date(openedAt), priority).toISOString()).toBe(due);
  });
});

describe('automaticCaseReasonOf', () => {
  it.each([
    [{ review_required: false, escalation_required: false }, null],
    [{ review_required: true, escalation_required: false }, 'review_required'],
    [{ review_required: false, escalation_required: true }, 'escalation_required'],
    [{ review_required: true, escalation_required: true }, 'escalation_required'],
  ])('%o opens %s', (flags, reason) => {
    expect(automaticCaseReasonOf(flags)).toBe(reason);
  });
});
