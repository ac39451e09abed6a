import { batchFileType, batchOffer, batchProgress, riskShares } from '../../../../../console/src/logic/batch-progress';

const counts = (total: number, pending: number) => ({ total, pending, completed: total - pending, failed: 0, canceled: 0 });
const started = '2026-11-28T10:00:00.000Z';
const at = (seconds: number) => Date.parse(started) + seconds * 1000;

describe('batch progress', () => {
  it.each([
    ['queued', true, { pause: true, resume: false, cancel: true }],
    ['running', true, { pause: true, resume: false, cancel: true }],
    ['paused', true, { pause: false, resume: true, cancel: true }],
    ['completed', true, { pause: false, resume: false, cancel: false }],
    ['canceled', true, { pause: false, resume: false, cancel: false }],
    ['running', false, { pause: false, resume: false, cancel: false }],
  ] as const)('a %s batch (write %s) offers %j', (status, canWrite, offer) => expect(batchOffer({ status }, canWrite)).toEqual(offer));

  it.each([
    [
      'a quarter done in 10 s: 30 s left',
      'running',
      counts(100, 75),
      started,
      at(10),
      { done: 25, total: 100, percent: 25, etaSeconds: 30 },
    ],
    ['nothing done yet: no estimate', 'running', counts(100, 100), started, at(10), { done: 0, total: 100, percent: 0, etaSeconds: null }],
    ['paused: no estimate', 'paused', counts(100, 50), started, at(10), { done: 50, total: 100, percent: 50, etaSeconds: null }],
    ['not started', 'queued', counts(10, 10), null, at(10), { done: 0, total: 10, percent: 0, etaSeconds: null }],
    ['completed', 'completed', counts(3, 0), started, at(10), { done: 3, total: 3, percent: 100, etaSeconds: null }],
  ] as const)('%s', (_name, status, c, startedAt, now, expected) =>
    expect(batchProgress({ status, counts: c, started_at: startedAt }, now)).toEqual(expected),
  );

  it('shares the completed rows by risk level', () => {
    expect(riskShares({ risk_levels: { low: 2, medium: 1, high: 1, critical: 0 } }).map((s) => [s.level, s.count, s.percent])).toEqual([
      ['low', 2, 50],
      ['medium', 1, 25],
      ['high', 1, 25],
      ['critical', 0, 0],
    ]);
    expect(riskShares({ risk_levels: { low: 0, medium: 0, high: 0, critical: 0 } }).every((s) => s.percent === 0)).toBe(true);
  });

  it.each([
    ['book.csv', 'text/csv'],
    ['BOOK.NDJSON', 'application/x-ndjson'],
    ['book.jsonl', 'application/x-ndjson'],
    ['book.xlsx', null],
  ])('file %s is %s', (name, type) => expect(batchFileType(name)).toBe(type));
});
