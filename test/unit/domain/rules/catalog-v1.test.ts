import { PILLARS } from '../../../../domain/analysis/verdict';
import { ruleCatalogV1 } from '../../../../domain/rules';
import { modifierEvaluators } from '../../../../domain/scoring/modifiers';
import { signalEvaluators } from '../../../../domain/scoring/evaluate-signals';

describe('rule catalog v1', () => {
  const catalog = ruleCatalogV1;

  it('has at least 20 signals over the 7 pillars, with unique codes and an evaluator each', () => {
    expect(catalog.signals.length).toBeGreaterThanOrEqual(20);
    expect(new Set(catalog.signals.map((s) => s.pillar))).toEqual(new Set(PILLARS));
    expect(new Set(catalog.signals.map((s) => s.code)).size).toBe(catalog.signals.length);
    for (const s of catalog.signals) expect(signalEvaluators[s.code]).toBeDefined();
  });

  it.each(ruleCatalogV1.signals.map((s) => [s.code, s] as const))('%s is complete and integer', (_code, s) => {
    expect(s.name.length).toBeGreaterThan(0);
    expect(s.description.length).toBeGreaterThan(20);
    expect(s.evidences.length).toBeGreaterThan(0);
    expect(s.limitations.length).toBeGreaterThan(0);
    expect(s.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number.isInteger(s.base_points) && s.base_points > 0 && s.base_points <= 100).toBe(true);
    if (s.band_floor) expect([25, 50, 75]).toContain(s.band_floor.floor_score);
  });

  it('has one meta-signal per pillar with evaluable, integer modifiers of the right sign', () => {
    expect(catalog.meta_signals.map((m) => m.pillar).sort()).toEqual([...PILLARS].sort());
    for (const m of catalog.meta_signals) {
      for (const a of m.aggravants) expect(a.multiplier_delta).toBeGreaterThan(0);
      for (const a of m.attenuants) expect(a.multiplier_delta).toBeLessThan(0);
      for (const x of [...m.aggravants, ...m.attenuants]) {
        expect(Number.isInteger(x.multiplier_delta)).toBe(true);
        expect(modifierEvaluators[x.code]).toBeDefined();
      }
    }
  });

  it('covers the required families', () => {
    const codes = catalog.signals.map((s) => s.code);
    for (const code of [
      'PEP_SUBJECT_GRACE',
      'PEP_NETWORK_INDIRECT',
      'SANCTION_ACTIVE_SUBJECT_CEIS',
      'SANCTION_ACTIVE_PARTNER',
      'REGISTRY_CLOSED',
      'REGISTRY_SUSPENDED',
      'REGISTRY_UNFIT',
      'REGISTRY_NULLIFIED',
      'REGISTRY_RECENT_INCORPORATION',
      'OWNERSHIP_UNRESOLVED_CHAIN',
      'OWNERSHIP_FOREIGN_OWNER',
      'OWNERSHIP_CYCLE',
      'OWNERSHIP_DEEP_CHAIN',
      'NETWORK_MASS_PARTNER',
      'NETWORK_NOMINEE_PARTNER',
      'NETWORK_SHARED_ADDRESS',
      'PROCEEDING_OPEN_SUBJECT',
      'PROCEEDING_SANCTIONING_DECISION',
      'MEDIA_FINANCIAL_CRIME',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it('weights pillars and bands scores in integers covering 0..100 without gaps', () => {
    for (const w of Object.values(catalog.pillar_weights)) expect(Number.isInteger(w)).toBe(true);
    const bands = catalog.risk_bands;
    expect(bands[0].min_score).toBe(0);
    expect(bands.at(-1)!.max_score).toBe(100);
    for (let i = 1; i < bands.length; i += 1) expect(bands[i].min_score).toBe(bands[i - 1].max_score + 1);
  });
});
