import { buildRiskClassification } from '../../../../../domain/reports/sections/risk-classification';
import { reportInput } from '../support/report-input';
import { variant } from '../support/variants';

describe('classificacao_risco', () => {
  it.each([
    [
      'the golden company is critical with a band floor',
      reportInput('coaf_cos'),
      { risk_level: 'critical', dispositive_floor: 75, escalation_required: true },
    ],
    [
      'without sanctions nor media it has no band floor',
      variant('coaf_cos', (s) => ((s.sanctions = []), (s.media_hits = []))),
      { dispositive_floor: 0 },
    ],
  ])('%s', (_name, input, expected) => {
    const content = buildRiskClassification(input).content;
    expect(content).toMatchObject(expected);
    expect(content.versions).toMatchObject({
      rules_version: '2026.11.1',
      regulatory_catalog_version: '2026.11.1',
      snapshot_hash: input.verdict.versions.snapshot_hash,
    });
    expect((content.pillars as unknown[]).length).toBe(7);
  });
});
