/**
 * The regression guard of the benches (docs/benchmarks.md, "Regression guard"): a bench's JSON
 * keeps its headline figures under `guard`, each saying which way is better, and a run is
 * compared with the last committed baseline of that bench (bench-results/baselines/<name>.json).
 * This VM's speed moves 15–30 % between runs, so a figure "moved" only past the tolerance.
 */
export type GuardFigure = { value: number; better: 'lower' | 'higher' };
export type GuardFigures = Record<string, GuardFigure>;

export type Movement = {
  figure: string;
  baseline: number | null;
  current: number | null;
  /** (current − baseline) / baseline, in percent, one decimal; null when either side is missing. */
  change_pct: number | null;
  verdict: 'better' | 'worse' | 'within noise' | 'new' | 'gone';
};

export const DEFAULT_TOLERANCE_PCT = 30;

export function compareGuardFigures(baseline: GuardFigures, current: GuardFigures, tolerancePct = DEFAULT_TOLERANCE_PCT): Movement[] {
  const names = [...new Set([...Object.keys(baseline), ...Object.keys(current)])].sort();
  return names.map((figure) => {
    const before = baseline[figure];
    const after = current[figure];
    if (!before) return { figure, baseline: null, current: after.value, change_pct: null, verdict: 'new' };
    if (!after) return { figure, baseline: before.value, current: null, change_pct: null, verdict: 'gone' };
    const change =
      before.value === 0
        ? after.value === 0
          ? 0
          : Number.POSITIVE_INFINITY
        : ((after.value - before.value) / Math.abs(before.value)) * 100;
    const improved = after.better === 'lower' ? change < 0 : change > 0;
    const verdict = Math.abs(change) <= tolerancePct ? 'within noise' : improved ? 'better' : 'worse';
    return {
      figure,
      baseline: before.value,
      current: after.value,
      change_pct: Number.isFinite(change) ? Math.round(change * 10) / 10 : null,
      verdict,
    };
  });
}

/** One line per figure, worst news first: `worse  c1_p50_ms 14.3 → 35.1 (+145.5 %)`. */
export function describeMovements(movements: Movement[]): string[] {
  const rank = { worse: 0, gone: 1, new: 2, better: 3, 'within noise': 4 } as const;
  return [...movements]
    .sort((a, b) => rank[a.verdict] - rank[b.verdict] || a.figure.localeCompare(b.figure))
    .map(
      (m) =>
        `${m.verdict.padEnd(12)} ${m.figure} ${m.baseline ?? '—'} → ${m.current ?? '—'}${m.change_pct === null ? '' : ` (${m.change_pct > 0 ? '+' : ''}${m.change_pct} %)`}`,
    );
}
