import { ruleCatalogRegistry, ruleCatalogV1 } from '../../../../domain/rules';
import { evaluateSignals, signalEvaluators } from '../../../../domain/scoring/evaluate-signals';
import { contextOf } from './support/evaluate';
import { sanction } from './support/snapshot-builder';
import { smallNetwork } from './support/signals';

describe('evaluateSignals: every rule of the catalog, in catalog order', () => {
  const input = smallNetwork({ sanctions: [sanction(1, 2, 'ceis', null, null)] });
  const signals = evaluateSignals(contextOf(input), ruleCatalogV1);

  it('has an evaluator for every signal of the newest catalog (a superset of every older one), and no other', () => {
    expect(Object.keys(signalEvaluators).sort()).toEqual(ruleCatalogRegistry.current.signals.map((s) => s.code).sort());
    for (const catalog of ruleCatalogRegistry.catalogs) for (const s of catalog.signals) expect(signalEvaluators[s.code]).toBeDefined();
    expect(signals.map((s) => s.code)).toEqual(ruleCatalogV1.signals.map((s) => s.code));
  });

  it.each([
    [
      'SANCTION_ACTIVE_PARTNER',
      { identified: true, score: 50, observed_entity_ids: [2], graph_paths: [[1, 2]], root_entity_id: 1, assessed_entity_id: 1 },
    ],
    [
      'SANCTION_ACTIVE_NETWORK',
      { identified: false, score: 0, observed_entity_ids: [], graph_paths: [], root_entity_id: 1, assessed_entity_id: 1 },
    ],
  ])("%s is completed with the rule's points and the graph paths to what it observed", (code, expected) => {
    expect(signals.find((s) => s.code === code)).toMatchObject(expected);
  });

  it('refuses a catalog rule without an evaluator', () => {
    const catalog = structuredClone(ruleCatalogV1);
    catalog.signals[0].code = 'NO_SUCH_SIGNAL';
    expect(() => evaluateSignals(contextOf(input), catalog)).toThrow('no evaluator for signal NO_SUCH_SIGNAL');
  });
});
