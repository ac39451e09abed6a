import { compareRounds, describeAgainst, flattenFigures, median, roundOrder } from '../../../support/bench-against';

describe('a bench against another commit: the same figures side by side', () => {
  it.each([
    ['nested objects by dotted path', { c: { c16: { per_second: 52.1, p99_ms: 310 } } }, { 'c.c16.per_second': 52.1, 'c.c16.p99_ms': 310 }],
    ['arrays by index', { load: [1.5, 2] }, { 'load.0': 1.5, 'load.1': 2 }],
    ['strings, booleans, null and non-finite numbers are not figures', { a: 'x', b: true, c: null, d: Number.NaN, e: 3 }, { e: 3 }],
  ])('flattens %s', (_name, summary, expected) => {
    expect(flattenFigures(summary)).toEqual(expected);
  });

  it.each([
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
  ])('the median of %j is %d', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('compares each side by its median over its rounds, on the figures every round of both has', () => {
    const ours = [
      { c16: { per_second: 50 }, only_ours: 1, machine: { load: 2 } },
      { c16: { per_second: 60 }, only_ours: 1, machine: { load: 3 } },
      { c16: { per_second: 70 }, only_ours: 1, machine: { load: 4 } },
    ];
    const theirs = [
      { c16: { per_second: 80 }, machine: { load: 2 } },
      { c16: { per_second: 40 }, machine: { load: 9 } },
    ];
    expect(compareRounds(ours, theirs)).toEqual([
      { figure: 'c16.per_second', ours: [50, 60, 70], theirs: [80, 40], ours_median: 60, theirs_median: 60, ratio: 1 },
    ]);
  });

  it('says there is no ratio against a zero, and leaves out a figure some round lacks', () => {
    const figures = compareRounds([{ errors: 0, p: 1 }, { errors: 0 }], [{ errors: 0, p: 1 }]);
    expect(figures).toEqual([{ figure: 'errors', ours: [0, 0], theirs: [0], ours_median: 0, theirs_median: 0, ratio: null }]);
    expect(describeAgainst(figures)).toEqual(['errors  0 | 0  —']);
  });

  it('rounds a median to four decimals', () => {
    expect(compareRounds([{ a: 15.18 }, { a: 15.19 }], [{ a: 10.98 }, { a: 10.99 }])[0]).toMatchObject({
      ours_median: 15.185,
      theirs_median: 10.985,
    });
  });

  it('refuses a side without rounds', () => {
    expect(() => compareRounds([], [{ a: 1 }])).toThrow('both sides need at least one round');
  });

  it('alternates which side runs first, round by round', () => {
    expect(roundOrder(3)).toEqual(['ours', 'theirs', 'theirs', 'ours', 'ours', 'theirs']);
  });

  it('describes the ratio of ours to theirs, aligned', () => {
    const figures = compareRounds([{ a: { p50_ms: 30 }, bb: 2 }], [{ a: { p50_ms: 20 }, bb: 4 }]);
    expect(describeAgainst(figures)).toEqual(['a.p50_ms  30 | 20  1.5×', 'bb        2 | 4  0.5×']);
    expect(describeAgainst(figures, /p50/)).toEqual(['a.p50_ms  30 | 20  1.5×']);
  });
});
