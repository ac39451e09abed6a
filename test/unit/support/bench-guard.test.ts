import { compareGuardFigures, describeMovements, type GuardFigures } from '../../../support/bench-guard';

const baseline: GuardFigures = {
  c1_p50_ms: { value: 14.3, better: 'lower' },
  c16_per_second: { value: 110, better: 'higher' },
  c16_p99_ms: { value: 200, better: 'lower' },
  old_figure: { value: 1, better: 'higher' },
};

describe('the bench regression guard: which figures moved past the noise', () => {
  it.each([
    ['latency up 145 %: worse', 'c1_p50_ms', 35.1, 'worse', 145.5],
    ['latency down 40 %: better', 'c1_p50_ms', 8.58, 'better', -40],
    ['latency up 20 %: within noise', 'c1_p50_ms', 17.16, 'within noise', 20],
    ['throughput down 55 %: worse', 'c16_per_second', 49.5, 'worse', -55],
    ['throughput up 50 %: better', 'c16_per_second', 165, 'better', 50],
    ['p99 exactly at the tolerance: within noise', 'c16_p99_ms', 260, 'within noise', 30],
  ])('%s', (_name, figure, value, verdict, change) => {
    const current = { ...baseline, [figure]: { ...baseline[figure], value } };
    expect(compareGuardFigures(baseline, current).find((m) => m.figure === figure)).toEqual({
      figure,
      baseline: baseline[figure].value,
      current: value,
      change_pct: change,
      verdict,
    });
  });

  it('names a figure only one side has', () => {
    const current: GuardFigures = { c1_p50_ms: baseline.c1_p50_ms, new_figure: { value: 3, better: 'lower' } };
    const byName = Object.fromEntries(
      compareGuardFigures({ c1_p50_ms: baseline.c1_p50_ms, old_figure: baseline.old_figure }, current).map((m) => [m.figure, m.verdict]),
    );
    expect(byName).toEqual({ c1_p50_ms: 'within noise', new_figure: 'new', old_figure: 'gone' });
  });

  it('takes a tolerance of its own', () => {
    const current = { c1_p50_ms: { value: 16, better: 'lower' as const } };
    expect(compareGuardFigures({ c1_p50_ms: baseline.c1_p50_ms }, current, 5)[0].verdict).toBe('worse');
  });

  it('a baseline of zero: any rise is worse, staying at zero is not', () => {
    expect(compareGuardFigures({ lost: { value: 0, better: 'lower' } }, { lost: { value: 2, better: 'lower' } })[0]).toMatchObject({
      verdict: 'worse',
      change_pct: null,
    });
    expect(compareGuardFigures({ lost: { value: 0, better: 'lower' } }, { lost: { value: 0, better: 'lower' } })[0]).toMatchObject({
      verdict: 'within noise',
      change_pct: 0,
    });
  });

  it('describes the movements worst first', () => {
    const current = {
      ...baseline,
      c1_p50_ms: { value: 35.1, better: 'lower' as const },
      c16_per_second: { value: 165, better: 'higher' as const },
    };
    expect(describeMovements(compareGuardFigures(baseline, current))).toEqual([
      'worse        c1_p50_ms 14.3 → 35.1 (+145.5 %)',
      'better       c16_per_second 110 → 165 (+50 %)',
      'within noise c16_p99_ms 200 → 200 (0 %)',
      'within noise old_figure 1 → 1 (0 %)',
    ]);
  });
});
