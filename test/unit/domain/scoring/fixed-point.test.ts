import { applyBasisPoints } from '../../../../domain/scoring/fixed-point';

describe('applyBasisPoints rounds half away from zero on integers', () => {
  const cases: [number, number, number][] = [
    [40, 8000, 32],
    [25, 7000, 18],
    [45, 10000, 45],
    [30, 15000, 45],
    [1, 5000, 1],
    [3, 5000, 2],
    [-3, 5000, -2],
    [100, 0, 0],
  ];
  it.each(cases)('%i × %i bp = %i', (value, bp, expected) => {
    expect(applyBasisPoints(value, bp)).toBe(expected);
  });
});
