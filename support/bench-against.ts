/**
 * `npm run bench -- <name> --against <commit>` (docs/benchmarks.md, "Against another commit"):
 * both commits run the same bench with the same flags, in alternating rounds on one machine, and
 * each figure is read side by side. A figure is any number in both summaries, named by its path;
 * each side's median over its rounds is compared, so one slow round on either side moves little.
 */
export type Summary = Record<string, unknown>;

export type AgainstFigure = {
  figure: string;
  ours: number[];
  theirs: number[];
  ours_median: number;
  theirs_median: number;
  /** ours_median / theirs_median, three decimals; null when theirs is 0. */
  ratio: number | null;
};

/** Every finite number of a summary by its dotted path (`c.c16.per_second`); arrays by index. */
export function flattenFigures(summary: unknown, prefix = ''): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'number') {
      if (Number.isFinite(value)) out[at] = value;
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, at ? `${at}.${i}` : String(i)));
    } else if (value && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) walk(v, at ? `${at}.${key}` : key);
    }
  };
  walk(summary, prefix);
  return out;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The figures every round of both sides reports, side by side. Figures only one side (or only
 * some rounds) has are left out: a bench that changed its output compares on what it kept. The
 * machine's load is not a figure of either commit.
 */
export function compareRounds(ours: Summary[], theirs: Summary[], ignore: RegExp = /^machine\./): AgainstFigure[] {
  if (ours.length === 0 || theirs.length === 0) throw new Error('both sides need at least one round');
  const flat = [...ours, ...theirs].map((s) => flattenFigures(s));
  const common = Object.keys(flat[0])
    .filter((figure) => !ignore.test(figure) && flat.every((f) => figure in f))
    .sort();
  return common.map((figure) => {
    const o = flat.slice(0, ours.length).map((f) => f[figure]);
    const t = flat.slice(ours.length).map((f) => f[figure]);
    // Four decimals: a median of two is a mean, and floating point would print 15.184999999999999.
    const [om, tm] = [roundTo4(median(o)), roundTo4(median(t))];
    return { figure, ours: o, theirs: t, ours_median: om, theirs_median: tm, ratio: tm === 0 ? null : Math.round((om / tm) * 1000) / 1000 };
  });
}

const roundTo4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The order of the runs: ours first in odd rounds, theirs first in even ones, so drift in the machine's speed falls on both. */
export function roundOrder(rounds: number): ('ours' | 'theirs')[] {
  return Array.from({ length: rounds }, (_v, i) => (i % 2 === 0 ? (['ours', 'theirs'] as const) : (['theirs', 'ours'] as const))).flat();
}

/** One line per figure: `c.c16.per_second  52.1 | 58.3  0.894×`. */
export function describeAgainst(figures: AgainstFigure[], only?: RegExp): string[] {
  const shown = only ? figures.filter((f) => only.test(f.figure)) : figures;
  const width = Math.max(0, ...shown.map((f) => f.figure.length));
  return shown.map((f) => `${f.figure.padEnd(width)}  ${f.ours_median} | ${f.theirs_median}  ${f.ratio === null ? '—' : `${f.ratio}×`}`);
}
