import { bytesPerRow, extrapolateLinear, scaleRatios, scaleTargets, type ScaleRowFigures } from '../../../support/scale-curve';

const row = (size: number, deep: number, shallow: number, rowsPerSecond = 120_000, rss = 400): ScaleRowFigures => ({
  size,
  import_rows_per_second: rowsPerSecond,
  import_peak_rss_mb: rss,
  analysis_c1_p50_ms: { deep, shallow },
});

describe('the scale bench arithmetic', () => {
  it.each([
    ['a table of rows', 1_000_000, 4_000, 250],
    ['rounded to the byte', 1_000, 3, 333],
    ['an empty table has no figure', 8_192, 0, null],
  ])('bytes per row: %s', (_name, bytes, rows, expected) => {
    expect(bytesPerRow(bytes, rows)).toBe(expected);
  });

  it.each([
    ['10M within 1.3× of 100k: met', [row(100_000, 20, 10), row(10_000_000, 25, 12)], 1.25, true],
    ['10M beyond 1.3×: not met', [row(100_000, 20, 10), row(10_000_000, 30, 12)], 1.5, false],
    ['only up to 1M: reported, not judged', [row(100_000, 20, 10), row(1_000_000, 30, 12)], 1.5, null],
    ['order of the rows does not matter', [row(10_000_000, 26, 13), row(100_000, 20, 10)], 1.3, true],
  ])('analysis ratio: %s', (_name, rows, value, met) => {
    expect(scaleTargets(rows).analysis_c1_p50_deep_ratio).toMatchObject({ value, limit: 1.3, met });
  });

  it('judges the import on the slowest and the fattest size', () => {
    const targets = scaleTargets([row(100_000, 20, 10, 150_000, 300), row(1_000_000, 20, 10, 90_000, 1_100)]);
    expect(targets.import_rows_per_second_min).toEqual({ value: 90_000, limit: 100_000, met: false });
    expect(targets.import_peak_rss_mb_max).toEqual({ value: 1_100, limit: 1024, met: false });
  });

  it('a ratio may be judged at a smaller size when asked', () => {
    expect(scaleTargets([row(100_000, 20, 10), row(1_000_000, 22, 11)], { ratioAtSize: 1_000_000 }).analysis_c1_p50_shallow_ratio.met).toBe(
      true,
    );
  });

  it.each([
    ['10M search p95 within 500 ms: met', 10_000_000, 480, true],
    ['10M search p95 over 500 ms: not met', 10_000_000, 4_700, false],
    ['only up to 1M: reported, not judged', 1_000_000, 900, null],
  ])('search target: %s', (_name, largest, p95, met) => {
    const targets = scaleTargets([
      { ...row(100_000, 20, 10), entity_search_p95_ms: 60 },
      { ...row(largest, 22, 11), entity_search_p95_ms: p95 },
    ]);
    expect(targets.entity_search_p95_ms_at_largest).toMatchObject({ value: p95, limit: 500, met });
  });

  it.each([
    [
      'each larger size over the smallest, and search p95 per size',
      [
        { ...row(1_000_000, 30, 12), entity_search_p95_ms: 190 },
        { ...row(100_000, 20, 10), entity_search_p95_ms: 60 },
      ],
      {
        c1_p50_deep_1000000_over_100000: { value: 1.5, better: 'lower' },
        c1_p50_shallow_1000000_over_100000: { value: 1.2, better: 'lower' },
        entity_search_p95_ms_100000: { value: 60, better: 'lower' },
        entity_search_p95_ms_1000000: { value: 190, better: 'lower' },
      },
    ],
    [
      'three sizes, rounded to two decimals, no search figure when not measured',
      [row(100_000, 30, 9), row(1_000_000, 40, 10), row(10_000_000, 41, 12)],
      {
        c1_p50_deep_1000000_over_100000: { value: 1.33, better: 'lower' },
        c1_p50_shallow_1000000_over_100000: { value: 1.11, better: 'lower' },
        c1_p50_deep_10000000_over_100000: { value: 1.37, better: 'lower' },
        c1_p50_shallow_10000000_over_100000: { value: 1.33, better: 'lower' },
      },
    ],
    ['a smallest p50 of 0 gives no ratio', [row(100_000, 0, 0), row(1_000_000, 30, 12)], {}],
    ['no rows, no figures', [], {}],
  ])('guard ratios: %s', (_name, rows, expected) => {
    expect(scaleRatios(rows)).toEqual(expected);
  });

  it('no rows, no targets', () => {
    expect(scaleTargets([])).toEqual({});
  });

  it.each([
    [
      'a line through the two largest points',
      [
        { size: 100_000, value: 5 },
        { size: 1_000_000, value: 40 },
        { size: 2_000_000, value: 80 },
      ],
      10_000_000,
      400,
    ],
    ['one point: no line', [{ size: 1_000_000, value: 40 }], 10_000_000, null],
    [
      'the same size twice: no line',
      [
        { size: 1_000_000, value: 40 },
        { size: 1_000_000, value: 41 },
      ],
      10_000_000,
      null,
    ],
  ])('extrapolation: %s', (_name, points, size, expected) => {
    expect(extrapolateLinear(points, size)).toBe(expected);
  });
});
