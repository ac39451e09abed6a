import { compareWithFloor } from '../../../../bench/support/ingest-floor-ratio';

describe('compareWithFloor', () => {
  it.each([
    // importer, floor, peak RSS → importer/s, floor/s, ratio, both targets
    [{ rows: 4_060_000, duration_ms: 260_000 }, { rows: 4_060_000, duration_ms: 20_000 }, 313, 15_615, 203_000, 0.0769, false, true],
    [{ rows: 1_000_000, duration_ms: 10_000 }, { rows: 1_000_000, duration_ms: 5_000 }, 900, 100_000, 200_000, 0.5, true, true],
    [{ rows: 1_000_000, duration_ms: 10_000 }, { rows: 1_000_000, duration_ms: 4_999 }, 1025, 100_000, 200_040, 0.4999, false, false],
    [{ rows: 998_000, duration_ms: 10_000 }, { rows: 1_000_000, duration_ms: 5_000 }, 1024, 99_800, 200_000, 0.499, false, true],
    [{ rows: 1_200_000, duration_ms: 10_000 }, { rows: 1_000_000, duration_ms: 5_000 }, 100, 120_000, 200_000, 0.6, true, true],
    // A zero-length run does not divide by zero: it counts as one millisecond.
    [{ rows: 10, duration_ms: 0 }, { rows: 10, duration_ms: 0 }, 50, 10_000, 10_000, 1, true, true],
  ])('%j against %j (RSS %d MB)', (importer, floor, rss, importerRate, floorRate, ratio, ratioMet, rssMet) => {
    const c = compareWithFloor(importer, floor, rss);
    expect(c).toMatchObject({
      importer_rows_per_second: importerRate,
      floor_rows_per_second: floorRate,
      importer_over_floor: ratio,
      peak_rss_mb: rss,
      targets: { importer_over_floor_ge_0_5: { value: ratio, met: ratioMet }, peak_rss_mb_le_1024: { value: rss, met: rssMet } },
    });
    // The guard holds ratios and memory, never a rate or a time.
    expect(c.guard).toEqual({ importer_over_floor: { value: ratio, better: 'higher' }, peak_rss_mb: { value: rss, better: 'lower' } });
  });
});
