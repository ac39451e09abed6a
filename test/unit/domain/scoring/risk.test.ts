import { ruleCatalogV1 } from '../../../../domain/rules';
import { riskLevelOf } from '../../../../domain/scoring/risk';

describe('risk levels and flags', () => {
  const cases: [number, string][] = [
    [0, 'low'],
    [24, 'low'],
    [25, 'medium'],
    [49, 'medium'],
    [50, 'high'],
    [74, 'high'],
    [75, 'critical'],
    [100, 'critical'],
  ];
  it.each(cases)('score %i is %s', (score, level) => {
    expect(riskLevelOf(score, ruleCatalogV1)).toBe(level);
  });
});
