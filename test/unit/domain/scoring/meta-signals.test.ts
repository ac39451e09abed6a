import { ruleCatalogV1 } from '../../../../domain/rules';
import { evaluateMetaSignals } from '../../../../domain/scoring/meta-signals';
import { pep, sanction } from './support/snapshot-builder';
import { signalsOf, smallNetwork } from './support/signals';

const metaOf = (input: ReturnType<typeof smallNetwork>, code: string, catalog = ruleCatalogV1) => {
  const { ctx, signals } = signalsOf(input);
  return evaluateMetaSignals(ctx, signals, catalog).find((m) => m.code === code)!;
};

describe('meta-signals: base × multiplier, modifiers only on an identified pillar', () => {
  it.each<
    [
      string,
      ReturnType<typeof smallNetwork>,
      string,
      { identified: boolean; base_score: number; signal_multiplier: number; adjusted_score: number; modifiers: string[] },
    ]
  >([
    [
      'nothing identified: no modifier, multiplier 1',
      smallNetwork(),
      'META_SANCTIONS_EXPOSURE',
      { identified: false, base_score: 0, signal_multiplier: 10000, adjusted_score: 0, modifiers: [] },
    ],
    [
      'one partner sanction: its points',
      smallNetwork({ sanctions: [sanction(1, 2, 'ceis', null, null)] }),
      'META_SANCTIONS_EXPOSURE',
      { identified: true, base_score: 50, signal_multiplier: 10000, adjusted_score: 50, modifiers: [] },
    ],
    [
      'base capped at 100, aggravants raise the multiplier',
      smallNetwork({
        sanctions: [sanction(1, 1, 'ceis', null, null), sanction(2, 1, 'cnep', null, null), sanction(3, 2, 'ceis', null, null)],
      }),
      'META_SANCTIONS_EXPOSURE',
      {
        identified: true,
        base_score: 100,
        signal_multiplier: 15000,
        adjusted_score: 100,
        modifiers: ['AGG_SANCTIONS_ACCUMULATED', 'AGG_SANCTIONS_SUBJECT_AND_PARTNER'],
      },
    ],
    [
      'an attenuant lowers, rounding half away from zero',
      smallNetwork({ sanctions: [sanction(1, 4, 'ceis', null, null)] }),
      'META_SANCTIONS_EXPOSURE',
      { identified: true, base_score: 20, signal_multiplier: 7500, adjusted_score: 15, modifiers: ['ATT_SANCTIONS_INDIRECT_ONLY'] },
    ],
    [
      'attenuants are clamped at the catalog minimum (0.5)',
      smallNetwork({ pep_records: [pep(1, 4, '2015-01-01', '2024-01-01')] }),
      'META_PEP_EXPOSURE',
      {
        identified: true,
        base_score: 10,
        signal_multiplier: 5000,
        adjusted_score: 5,
        modifiers: ['ATT_PEP_GRACE_ONLY', 'ATT_PEP_INDIRECT_ONLY'],
      },
    ],
    [
      'aggravants and attenuants add up',
      smallNetwork({ pep_records: [pep(1, 2, '2015-01-01', '2024-01-01', { pep_type: 'elected_official' })] }),
      'META_PEP_EXPOSURE',
      {
        identified: true,
        base_score: 30,
        signal_multiplier: 12500,
        adjusted_score: 38,
        modifiers: ['AGG_PEP_SENIOR_ROLE', 'AGG_PEP_CONTROLS_SUBJECT', 'ATT_PEP_GRACE_ONLY'],
      },
    ],
  ])('%s', (_name, input, code, expected) => {
    const meta = metaOf(input, code);
    expect({
      identified: meta.identified,
      base_score: meta.base_score,
      signal_multiplier: meta.signal_multiplier,
      adjusted_score: meta.adjusted_score,
      modifiers: [...meta.applied_aggravants, ...meta.applied_attenuants].map((m) => m.code),
    }).toEqual(expected);
  });

  it("one meta-signal per pillar of the catalog, in its order, carrying its signals' entities and paths", () => {
    const { ctx, signals } = signalsOf(smallNetwork({ sanctions: [sanction(1, 2, 'ceis', null, null)] }));
    const metas = evaluateMetaSignals(ctx, signals, ruleCatalogV1);
    expect(metas.map((m) => m.code)).toEqual(ruleCatalogV1.meta_signals.map((m) => m.code));
    const sanctions = metas[0];
    expect([sanctions.observed_entity_ids, sanctions.graph_paths, sanctions.evidences.map((e) => e.content)]).toEqual([
      [2],
      [[1, 2]],
      [{ code: 'SANCTION_ACTIVE_PARTNER', score: 50 }],
    ]);
  });

  it('clamps at the catalog maximum', () => {
    const catalog = structuredClone(ruleCatalogV1);
    catalog.meta_signals[0].aggravants.forEach((a) => {
      a.multiplier_delta = 9000;
    });
    const meta = metaOf(
      smallNetwork({
        sanctions: [sanction(1, 1, 'ceis', null, null), sanction(2, 1, 'cnep', null, null), sanction(3, 2, 'ceis', null, null)],
      }),
      'META_SANCTIONS_EXPOSURE',
      catalog,
    );
    expect(meta.signal_multiplier).toBe(catalog.multiplier_bounds.max);
  });
});
