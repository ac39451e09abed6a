import { ruleCatalogV1 } from '../../../../domain/rules';
import { scoreSnapshot } from '../../../../domain/scoring/score-snapshot';
import { score, WORKFLOW_VERSION } from './support/score';
import { entity, pep, rel, sanction, snapshot } from './support/snapshot-builder';
import { scenarios } from './support/scenarios';

describe('scoreSnapshot', () => {
  const company = entity(1, 'organization', 'Subject', { profile: { legal_nature_code: '2062', incorporation_date: '2000-01-01' } });
  const partner = entity(2, 'person', 'Partner', { hop: 1, profile: { age_range_code: 5 } });
  const base = (parts: Parameters<typeof snapshot>[2] = {}) =>
    snapshot(1, [company, partner], { relationships: [rel(2, 1, 'PARTNER_OF')], ...parts });

  const cases: [
    string,
    ReturnType<typeof base>,
    { score: number; level: string; floor: number; review_required: boolean; escalation: string[] },
  ][] = [
    ['clean', base(), { score: 0, level: 'low', floor: 0, review_required: false, escalation: [] }],
    [
      'active subject sanction: floor 75, escalation',
      base({ sanctions: [sanction(1, 1, 'ceis', null, null)] }),
      { score: 80, level: 'critical', floor: 75, review_required: true, escalation: ['critical_risk_level', 'sanctioned_subject'] },
    ],
    [
      'sanctioned partner: floor 50 decides',
      base({ sanctions: [sanction(1, 2, 'cnep', null, null)] }),
      { score: 50, level: 'high', floor: 50, review_required: true, escalation: ['sanctioned_associate'] },
    ],
    [
      'PEP partner controlling the subject',
      base({ pep_records: [pep(1, 2, '2024-01-01', null)] }),
      { score: 30, level: 'medium', floor: 0, review_required: false, escalation: [] },
    ],
    [
      'closed registration: floor 50',
      snapshot(1, [{ ...company, status: 'BAIXADA' }, partner], { relationships: [rel(2, 1, 'PARTNER_OF')] }),
      { score: 50, level: 'high', floor: 50, review_required: true, escalation: [] },
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    const { risk } = score(input);
    expect({
      score: risk.score,
      level: risk.risk_level,
      floor: risk.dispositive_floor,
      review_required: risk.review_required,
      escalation: risk.escalation_reasons.map((r) => r.code),
    }).toEqual(expected);
    expect(risk.escalation_required).toBe(expected.escalation.length > 0);
    expect(risk.score).toBe(Math.max(risk.diffuse_score, risk.dispositive_floor));
    expect(risk.review_recommended).toBe(risk.score >= 25);
  });

  it('sums weighted pillar scores into the diffuse score and counts every signal', () => {
    for (const make of Object.values(scenarios)) {
      const verdict = score(make());
      const sum = verdict.risk.pillar_breakdown.reduce((acc, p) => acc + p.weighted_score, 0);
      expect(verdict.risk.diffuse_score).toBe(Math.min(100, sum));
      expect(verdict.signals).toHaveLength(ruleCatalogV1.signals.length);
      expect(verdict.signal_counts.total).toBe(ruleCatalogV1.signals.length);
      expect(Object.values(verdict.signal_counts.by_pillar).reduce((acc, p) => acc + p.evaluated, 0)).toBe(ruleCatalogV1.signals.length);
      expect(verdict.explanation.map((e) => e.step)).toEqual(verdict.explanation.map((_, i) => i + 1));
      expect(verdict.explanation.at(-1 - verdict.risk.escalation_reasons.length - verdict.risk.limitations.length)?.kind).toBe('score');
    }
  });

  it('gives graph paths from the subject to each observed entity', () => {
    const verdict = score(base({ sanctions: [sanction(1, 2, 'cnep', null, null)] }));
    const signal = verdict.signals.find((s) => s.code === 'SANCTION_ACTIVE_PARTNER')!;
    expect(signal.observed_entity_ids).toEqual([2]);
    expect(signal.graph_paths).toEqual([[1, 2]]);
  });

  it('keeps every number of the verdict an integer (nothing float reaches a fingerprint)', () => {
    const numbers: number[] = [];
    const walk = (v: unknown) => {
      if (typeof v === 'number') numbers.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    for (const make of Object.values(scenarios)) walk(score(make()));
    expect(numbers.length).toBeGreaterThan(100);
    expect(numbers.filter((n) => !Number.isInteger(n))).toEqual([]);
  });

  it.each([
    ["the workflow contract's version", WORKFLOW_VERSION],
    ['any version the orchestration names', 'analysis-workflow.v3'],
  ])('carries %s unchanged in versions.analysis_workflow_version', (_name, version) => {
    expect(scoreSnapshot(base(), undefined, { analysisWorkflowVersion: version }).versions.analysis_workflow_version).toBe(version);
  });

  // Regression: the engine defaulted to analysis-workflow.v1 while the workflow ran v2.
  it.each([
    ['no options', undefined],
    ['no version', {}],
    ['an empty version', { analysisWorkflowVersion: '' }],
  ])('refuses to score without a workflow version (%s)', (_name, options) => {
    // @ts-expect-error the version is a required option: no engine-side default
    expect(() => scoreSnapshot(base(), undefined, options)).toThrow(/analysisWorkflowVersion is required/);
  });
});
