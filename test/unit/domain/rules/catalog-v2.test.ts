import { catalogContentHash, ruleCatalogRegistry, ruleCatalogV1, ruleCatalogV2 } from '../../../../domain/rules';
import { watchlistSignals } from '../../../../domain/rules/signals-watchlists';
import { signalEvaluators } from '../../../../domain/scoring/evaluate-signals';

describe('rule catalog 2026.12.1 (name screening)', () => {
  it('is catalog 2026.11.1 with the four watchlist signals beside the sanctions, kept in the registry', () => {
    expect(ruleCatalogV2.rules_version).toBe('2026.12.1');
    expect(ruleCatalogRegistry.find('2026.12.1')).toBe(ruleCatalogV2);
    expect(ruleCatalogRegistry.find('2026.11.1')).toBe(ruleCatalogV1);
    const { signals: v2Signals, rules_version: _v2, regulatory_catalog_version: _r2, ...v2Rest } = ruleCatalogV2;
    const { signals: v1Signals, rules_version: _v1, regulatory_catalog_version: _r1, ...v1Rest } = ruleCatalogV1;
    expect(v2Rest).toEqual(v1Rest);
    expect(v2Signals.filter((s) => !watchlistSignals.includes(s))).toEqual(v1Signals);
    expect(v2Signals.map((s) => s.code).slice(5, 9)).toEqual([
      'SANCTION_UN_SUBJECT',
      'SANCTION_FOREIGN_SUBJECT',
      'SANCTION_FOREIGN_NETWORK',
      'WATCHLIST_POSSIBLE_MATCH',
    ]);
  });

  it('leaves catalog 2026.11.1 untouched (its verdicts verify byte for byte)', () => {
    expect(catalogContentHash(ruleCatalogV1)).toBe('3e95192665f4c95cd9697a4963457d12ac9ef78e591a41631036362097eefdbe');
    expect(ruleCatalogV1.signals.some((s) => 'review_required' in s)).toBe(false);
  });

  it.each<[string, number | null, string | null, boolean]>([
    ['SANCTION_UN_SUBJECT', 75, 'un_designated_subject', false],
    ['SANCTION_FOREIGN_SUBJECT', 50, 'foreign_sanctioned_subject', false],
    ['SANCTION_FOREIGN_NETWORK', null, 'listed_party_in_network', false],
    ['WATCHLIST_POSSIBLE_MATCH', null, null, true],
  ])('%s: floor %p, escalation %p, review required %p; an evaluator, the entry as evidence', (code, floor, escalation, review) => {
    const rule = ruleCatalogV2.signals.find((s) => s.code === code)!;
    expect(rule.pillar).toBe('sanctions');
    expect(rule.band_floor?.floor_score ?? null).toBe(floor);
    expect(rule.escalation?.code ?? null).toBe(escalation);
    expect(rule.review_required !== undefined).toBe(review);
    expect(rule.evidences.map((e) => e.key)).toEqual(['watchlist_entry']);
    expect(signalEvaluators[code]).toBeDefined();
  });
});
