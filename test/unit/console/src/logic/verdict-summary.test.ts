import { pillarBars, splitSignals, verdictFlags } from '../../../../../console/src/logic/verdict-summary';

describe('the parts of a verdict', () => {
  it('orders the pillars by weighted contribution and reads weights as factors', () => {
    const bars = pillarBars([
      { pillar: 'sanctions', weight: 10000, subscore: 15, base_points: 20, weighted_score: 15, identified_signal_codes: ['S'] },
      { pillar: 'pep_exposure', weight: 8000, subscore: 45, base_points: 30, weighted_score: 36, identified_signal_codes: [] },
      { pillar: 'media', weight: 6000, subscore: 140, base_points: 0, weighted_score: 0, identified_signal_codes: [] },
    ]);
    expect(bars.map((b) => [b.pillar, b.weight, b.subscoreWidth])).toEqual([['pep_exposure', 0.8, 45], ['sanctions', 1, 15], ['media', 0.6, 100]]);
    expect(pillarBars(undefined)).toEqual([]);
  });

  it('lists the three flags, on or off', () => {
    expect(verdictFlags({ score: 80, risk_level: 'high', review_required: true })).toEqual([
      { key: 'escalation_required', on: false }, { key: 'review_required', on: true }, { key: 'review_recommended', on: false },
    ]);
  });

  it('splits fired signals (highest first) from the rest', () => {
    const { identified, notIdentified } = splitSignals([
      { code: 'B', pillar: 'p', identified: true, score: 10 }, { code: 'A', pillar: 'p', identified: true, score: 30 }, { code: 'C', pillar: 'p', identified: false, score: 0 },
    ]);
    expect(identified.map((s) => s.code)).toEqual(['A', 'B']);
    expect(notIdentified.map((s) => s.code)).toEqual(['C']);
  });
});

