import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { profileEnumFields } from '../../../../../domain/entity-store/subject-profile-fields';
import { PILLARS } from '../../../../../domain/analysis/verdict';
import { ruleCatalogRegistry, ruleCatalogs, SCORING_ENGINE_VERSION } from '../../../../../domain/rules';
import {
  analysisRiskSchema,
  analysisSubjectSchema,
  EVIDENCE_KEYS,
  evaluatedSignalSchema,
  explanationItemSchema,
  signalCountsSchema,
} from '../../../../../api/resources/analyses/analysis-verdict-schemas';
import { subjectProfileSchema } from '../../../../../api/resources/entities/entity-schemas';

/**
 * The strict schemas of the verdict parts hold the golden verdicts (test/unit/domain/scoring/golden),
 * every field of them: a field the engine adds or renames, or a code outside the catalogs, fails here.
 */
const goldenDir = path.join(__dirname, '../../../domain/scoring/golden');
const goldens = readdirSync(goldenDir)
  .filter((f) => f.endsWith('.verdict.json'))
  .map((f) => [f, JSON.parse(readFileSync(path.join(goldenDir, f), 'utf8'))] as const);
const issues = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: unknown[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues ?? [];
const readForm = (subject: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(subject).filter(([k]) => k !== 'entity_type' && !(k in profileEnumFields)));

describe('the strict schemas of the analysis read form', () => {
  it('has the four golden verdicts to check', () => expect(goldens.map(([f]) => f)).toHaveLength(4));

  it.each(goldens)('%s: risk, signal counts, subject (both forms), signals and explanation validate', (_file, verdict) => {
    expect(issues(analysisRiskSchema, verdict.risk)).toEqual([]);
    expect(issues(signalCountsSchema, verdict.signal_counts)).toEqual([]);
    expect(issues(subjectProfileSchema, verdict.subject)).toEqual([]);
    expect(issues(analysisSubjectSchema, readForm(verdict.subject))).toEqual([]);
    for (const signal of verdict.signals) expect([signal.code, issues(evaluatedSignalSchema, signal)]).toEqual([signal.code, []]);
    for (const item of verdict.explanation) expect([item.step, issues(explanationItemSchema, item)]).toEqual([item.step, []]);
  });

  it('covers a person and an organization subject', () => {
    expect(new Set(goldens.map(([, v]) => v.subject.entity_type))).toEqual(new Set(['person', 'organization']));
  });

  const [, sanctioned] = goldens.find(([f]) => f.startsWith('sanctioned-company'))!;
  it.each([
    ['an unknown property of the risk', { ...sanctioned.risk, weights: {} }, analysisRiskSchema],
    [
      'a pillar the engine has not',
      { ...sanctioned.risk, pillar_breakdown: [{ ...sanctioned.risk.pillar_breakdown[0], pillar: 'pep' }] },
      analysisRiskSchema,
    ],
    [
      'a signal code outside the catalogs',
      { ...sanctioned.risk, band_floors_applied: [{ ...sanctioned.risk.band_floors_applied[0], source_code: 'SANCTION_ACTIVE' }] },
      analysisRiskSchema,
    ],
    [
      'an unknown property of an evidence',
      {
        ...sanctioned.risk,
        meta_signals: [{ ...sanctioned.risk.meta_signals[0], evidences: [{ ...sanctioned.risk.meta_signals[0].evidences[0], weight: 1 }] }],
      },
      analysisRiskSchema,
    ],
    [
      'a count by pillar missing a pillar',
      { ...sanctioned.signal_counts, by_pillar: { sanctions: sanctioned.signal_counts.by_pillar.sanctions } },
      signalCountsSchema,
    ],
    [
      'a count by pillar as a bare number',
      { ...sanctioned.signal_counts, by_pillar: { ...sanctioned.signal_counts.by_pillar, pep_exposure: 2 } },
      signalCountsSchema,
    ],
    ['entity_type in the read form of the subject', sanctioned.subject, analysisSubjectSchema],
    ['a subject missing a field', (({ legal_name: _l, ...rest }) => readForm(rest))(sanctioned.subject), analysisSubjectSchema],
  ])('refuses %s', (_what, value, schema: any) => {
    expect(schema.safeParse(value).success).toBe(false);
  });

  it('knows every evidence key a rule declares', () => {
    for (const catalog of ruleCatalogs)
      for (const rule of catalog.signals)
        for (const spec of rule.evidences) expect([rule.code, EVIDENCE_KEYS]).toEqual([rule.code, expect.arrayContaining([spec.key])]);
  });
});

describe('the recorded examples of the analyses routes', () => {
  const recorded = JSON.parse(
    readFileSync(path.join(__dirname, '../../../../../api/resources/analyses/analysis-recorded-examples.json'), 'utf8'),
  );

  it('give the read form of an organization and of a person, whose parts validate against the strict schemas', () => {
    for (const read of [recorded.analysisOrganization, recorded.analysisPerson]) {
      expect(issues(analysisRiskSchema, read.risk)).toEqual([]);
      expect(issues(signalCountsSchema, read.signal_counts)).toEqual([]);
      expect(issues(analysisSubjectSchema, read.subject)).toEqual([]);
    }
    expect([recorded.analysisOrganization.subject.legal_name, recorded.analysisPerson.subject.birth_date]).toEqual([
      expect.any(String),
      expect.any(String),
    ]);
    expect(recorded.analysisPerson.subject.ubo_count).toBeNull();
  });

  it('name only pillars, signals and versions the service has', () => {
    const read = recorded.analysisOrganization;
    expect(read.risk.pillar_breakdown.map((p: any) => p.pillar)).toEqual([...PILLARS]);
    expect(Object.keys(read.signal_counts.by_pillar).sort()).toEqual([...PILLARS].sort());
    expect(read.versions.rules_version).toBe(ruleCatalogRegistry.current.rules_version);
    expect(read.versions.scoring_engine_version).toBe(SCORING_ENGINE_VERSION);
    expect(recorded.analysisSignals.signals.map((s: any) => s.code)).toEqual(ruleCatalogRegistry.current.signals.map((r) => r.code));
  });
});
