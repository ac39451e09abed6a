/**
 * The arithmetic of `npm run bench -- scale` (docs/scaling.md): bytes per stored row, the
 * scale targets checked on the rows of a run, and a straight-line extrapolation of a
 * measured figure to a size that was not run.
 */
import type { GuardFigure } from './bench-guard';

/** The figures of one size that the targets and the extrapolation read. */
export type ScaleRowFigures = {
  size: number;
  import_rows_per_second: number;
  import_peak_rss_mb: number;
  analysis_c1_p50_ms: { deep: number; shallow: number };
  /** `GET /entities?q=` p95 at this size (absent in rows of runs that did not measure it). */
  entity_search_p95_ms?: number;
};

export type ScaleTarget = { value: number | null; limit: number; met: boolean | null; note?: string };

/** Bytes per row of a table (heap, indexes and TOAST together); null for an empty table. */
export function bytesPerRow(totalBytes: number, rows: number): number | null {
  return rows > 0 ? Math.round(totalBytes / rows) : null;
}

/**
 * The scale targets (docs/scaling.md) on the measured rows: analysis c=1 p50 at the largest size ≤ 1.3 × the
 * smallest (deep and shallow subjects each), entity search p95 ≤ 500 ms at the largest size,
 * import ≥ 100k rows/s and peak RSS ≤ 1 GB at every size (the worst row counts). The ratio is only judged when the largest size is 10M or more,
 * as the target says; below that it is reported with `met: null`.
 */
export function scaleTargets(rows: ScaleRowFigures[], options: { ratioAtSize?: number } = {}): Record<string, ScaleTarget> {
  if (rows.length === 0) return {};
  const bySize = [...rows].sort((a, b) => a.size - b.size);
  const [smallest, largest] = [bySize[0], bySize[bySize.length - 1]];
  const judged = largest.size >= (options.ratioAtSize ?? 10_000_000) && largest !== smallest;
  const ratio = (kind: 'deep' | 'shallow'): ScaleTarget => {
    const value =
      smallest.analysis_c1_p50_ms[kind] > 0
        ? Number((largest.analysis_c1_p50_ms[kind] / smallest.analysis_c1_p50_ms[kind]).toFixed(2))
        : null;
    return { value, limit: 1.3, met: judged && value !== null ? value <= 1.3 : null, note: `${largest.size} over ${smallest.size}` };
  };
  const slowest = Math.min(...bySize.map((r) => r.import_rows_per_second));
  const fattest = Math.max(...bySize.map((r) => r.import_peak_rss_mb));
  const search = largest.entity_search_p95_ms;
  return {
    analysis_c1_p50_deep_ratio: ratio('deep'),
    analysis_c1_p50_shallow_ratio: ratio('shallow'),
    import_rows_per_second_min: { value: slowest, limit: 100_000, met: slowest >= 100_000 },
    import_peak_rss_mb_max: { value: fattest, limit: 1024, met: fattest <= 1024 },
    // Judged at the same size as the ratios (10M unless asked): search p95 ≤ 500 ms.
    entity_search_p95_ms_at_largest: {
      value: search ?? null,
      limit: 500,
      met: judged && search !== undefined ? search <= 500 : null,
      note: `at ${largest.size}`,
    },
  };
}

/**
 * The straight line through the two largest measured points (x = size), read at `size`: how a
 * figure that grows with the data (seconds of import, bytes on disk) would stand at a size that
 * was not run. Null with fewer than two distinct sizes.
 */
export function extrapolateLinear(points: { size: number; value: number }[], size: number): number | null {
  const sorted = [...points].sort((a, b) => a.size - b.size);
  if (sorted.length < 2) return null;
  const [a, b] = sorted.slice(-2);
  if (a.size === b.size) return null;
  const slope = (b.value - a.value) / (b.size - a.size);
  return b.value + slope * (size - b.size);
}

/**
 * The scale curve as ratios (docs/scaling.md): each size's c=1 p50 over the smallest size's, deep and
 * shallow, and each size's entity-search p95 — as the regression guard's figures
 * (support/bench-guard.ts), named by size so a run of other sizes compares only what both ran.
 */
export function scaleRatios(rows: ScaleRowFigures[]): Record<string, GuardFigure> {
  if (rows.length === 0) return {};
  const bySize = [...rows].sort((a, b) => a.size - b.size);
  const base = bySize[0];
  const guard: Record<string, GuardFigure> = {};
  for (const row of bySize) {
    if (row !== base)
      for (const kind of ['deep', 'shallow'] as const)
        if (base.analysis_c1_p50_ms[kind] > 0)
          guard[`c1_p50_${kind}_${row.size}_over_${base.size}`] = {
            value: Number((row.analysis_c1_p50_ms[kind] / base.analysis_c1_p50_ms[kind]).toFixed(2)),
            better: 'lower',
          };
    if (row.entity_search_p95_ms !== undefined)
      guard[`entity_search_p95_ms_${row.size}`] = { value: row.entity_search_p95_ms, better: 'lower' };
  }
  return guard;
}
