/**
 * Precision, recall and F1 of a matcher's decisions on labelled pairs (docs/watchlists.md, "The
 * evaluation set and its figures"): one tally for our matcher and for every reference algorithm,
 * so that both sides are counted by the same code.
 */
export type Confusion = { tp: number; fp: number; fn: number; tn: number };
export type Quality = Confusion & { precision: number; recall: number; f1: number };
export type LabelledDecision = { category: string; expected: boolean; predicted: boolean };
export type QualityReport = { overall: Quality; categories: Record<string, Quality> };

const round4 = (x: number) => Number(x.toFixed(4));

/** An empty side counts as perfect (nothing claimed, nothing missed), as the bench always has. */
export function qualityOf(c: Confusion): Quality {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision: round4(precision), recall: round4(recall), f1: round4(f1) };
}

function cellOf(d: LabelledDecision): keyof Confusion {
  if (d.predicted) return d.expected ? 'tp' : 'fp';
  return d.expected ? 'fn' : 'tn';
}

/** The overall tally and one per category, categories in first-seen order. */
export function tallyDecisions(decisions: Iterable<LabelledDecision>): QualityReport {
  const total: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  const byCategory = new Map<string, Confusion>();
  for (const d of decisions) {
    const cell = cellOf(d);
    total[cell]++;
    const c = byCategory.get(d.category) ?? { tp: 0, fp: 0, fn: 0, tn: 0 };
    c[cell]++;
    byCategory.set(d.category, c);
  }
  return { overall: qualityOf(total), categories: Object.fromEntries([...byCategory].map(([k, c]) => [k, qualityOf(c)])) };
}

/** Pairs scored per second, one decimal; null when nothing was timed. */
export function ratePerSecond(count: number, seconds: number): number | null {
  return seconds > 0 ? Number((count / seconds).toFixed(1)) : null;
}

/**
 * The threshold among `thresholds` with the best F1 (the lowest of equals), for a side whose
 * default threshold was not chosen on this set: how far the comparison at one shared threshold
 * is from each side's best.
 */
export function bestThreshold(
  scored: readonly { expected: boolean; score: number }[],
  thresholds: readonly number[],
): { threshold: number; quality: Quality } {
  let best: { threshold: number; quality: Quality } | null = null;
  for (const threshold of thresholds) {
    const { overall } = tallyDecisions(scored.map((s) => ({ category: '', expected: s.expected, predicted: s.score >= threshold })));
    if (!best || overall.f1 > best.quality.f1) best = { threshold, quality: overall };
  }
  if (!best) throw new Error('bestThreshold: no threshold given');
  return best;
}
