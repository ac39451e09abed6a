import type { GuardFigures } from '../../support/bench-guard';

export type Rate = { rows: number; duration_ms: number };

export type FloorComparison = {
  importer_rows_per_second: number;
  floor_rows_per_second: number;
  /** importer rows/s ÷ floor rows/s, four decimals (the importer is a few hundredths of the floor): what the guard and the 0.5× target read. */
  importer_over_floor: number;
  peak_rss_mb: number;
  guard: GuardFigures;
  targets: { importer_over_floor_ge_0_5: { value: number; met: boolean }; peak_rss_mb_le_1024: { value: number; met: boolean } };
};

const perSecond = ({ rows, duration_ms }: Rate) => (rows * 1000) / Math.max(duration_ms, 1);

/**
 * The import against its floor measured in the same run (docs/importers.md, "The floor"): a ratio
 * moves far less with the machine's speed than either rate, so the guard compares the ratio (and
 * the importer's peak RSS), never absolute times.
 */
export function compareWithFloor(importer: Rate, floor: Rate, peakRssMb: number): FloorComparison {
  const ratio = Math.round((perSecond(importer) / perSecond(floor)) * 10000) / 10000;
  return {
    importer_rows_per_second: Math.round(perSecond(importer)),
    floor_rows_per_second: Math.round(perSecond(floor)),
    importer_over_floor: ratio,
    peak_rss_mb: peakRssMb,
    guard: {
      importer_over_floor: { value: ratio, better: 'higher' },
      peak_rss_mb: { value: peakRssMb, better: 'lower' },
    },
    targets: {
      importer_over_floor_ge_0_5: { value: ratio, met: ratio >= 0.5 },
      peak_rss_mb_le_1024: { value: peakRssMb, met: peakRssMb <= 1024 },
    },
  };
}
