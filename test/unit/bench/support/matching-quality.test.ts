import { bestThreshold, qualityOf, ratePerSecond, tallyDecisions } from '../../../../bench/support/matching-quality';

describe('matching quality', () => {
  it.each([
    ['perfect', { tp: 5, fp: 0, fn: 0, tn: 5 }, { precision: 1, recall: 1, f1: 1 }],
    ['half recall', { tp: 5, fp: 0, fn: 5, tn: 0 }, { precision: 1, recall: 0.5, f1: 0.6667 }],
    ['half precision', { tp: 3, fp: 3, fn: 0, tn: 0 }, { precision: 0.5, recall: 1, f1: 0.6667 }],
    ['nothing found', { tp: 0, fp: 0, fn: 4, tn: 0 }, { precision: 1, recall: 0, f1: 0 }],
    ['only false claims', { tp: 0, fp: 2, fn: 2, tn: 0 }, { precision: 0, recall: 0, f1: 0 }],
    ['no true pair, no claim', { tp: 0, fp: 0, fn: 0, tn: 3 }, { precision: 1, recall: 1, f1: 1 }],
  ])('%s', (_label, confusion, expected) => {
    expect(qualityOf(confusion)).toEqual({ ...confusion, ...expected });
  });

  it('tallies each decision in its cell, overall and per category', () => {
    const report = tallyDecisions([
      { category: 'a', expected: true, predicted: true },
      { category: 'a', expected: true, predicted: false },
      { category: 'b', expected: false, predicted: true },
      { category: 'b', expected: false, predicted: false },
    ]);
    expect(report.overall).toMatchObject({ tp: 1, fn: 1, fp: 1, tn: 1, precision: 0.5, recall: 0.5 });
    expect(report.categories).toEqual({ a: qualityOf({ tp: 1, fp: 0, fn: 1, tn: 0 }), b: qualityOf({ tp: 0, fp: 1, fn: 0, tn: 1 }) });
  });

  it('finds the threshold with the best F1, the lowest of equals', () => {
    const scored = [
      { expected: true, score: 0.9 },
      { expected: true, score: 0.6 },
      { expected: false, score: 0.55 },
      { expected: false, score: 0.2 },
    ];
    expect(bestThreshold(scored, [0.5, 0.58, 0.6, 0.7]).threshold).toBe(0.58);
    expect(bestThreshold(scored, [0.5, 0.58, 0.6, 0.7]).quality.f1).toBe(1);
    expect(() => bestThreshold(scored, [])).toThrow();
  });

  it.each([
    [100, 2, 50],
    [3, 0.5, 6],
    [10, 0, null],
  ])('%d pairs in %d s: %s per second', (count, seconds, expected) => {
    expect(ratePerSecond(count, seconds)).toBe(expected);
  });
});
