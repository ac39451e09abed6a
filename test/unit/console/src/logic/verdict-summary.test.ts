import { pillarBars, splitSignals, verdictFlags } from '../../../../../console/src/logic/verdict-summary';

describe('the parts of a verdict', () => {
  it('orders the pillars by weighted contribution and reads weights as factors', () => {
    const bars = pillarBars([
      {
        pillar: 'sanctions',
        weight: 10000,
        subscore: 15,
        base_points: 20,
        weighted_score: 15,
        identified_signal_codes: ['SANCTION_ACTIVE_SUBJECT_CEIS'],
      },
      { pillar: 'pep_exposure', weight: 8000, subscore: 45, base_points: 30, weighted_score: 36, identified_signal_codes: [] },
      { pillar: 'adverse_media', weight: 6000, subscore: 140, base_points: 0, weighted_score: 0, identified_signal_codes: [] },
    ]);
    expect(bars.map((b) => [b.pillar, b.weight, b.subscoreWidth])).toEqual([
      ['pep_exposure', 0.8, 45],
      ['sanctions', 1, 15],
      ['adverse_media', 0.6, 100],
    ]);
    expect(pillarBars(undefined)).toEqual([]);
  });

  it('lists the three flags, on or off', () => {
    expect(verdictFlags({ review_required: true, review_recommended: false, escalation_required: false })).toEqual([
      { key: 'escalation_required', on: false },
      { key: 'review_required', on: true },
      { key: 'review_recommended', on: false },
    ]);
  });

  it('splits fired signals (highest first) from the rest', () => {
    const { identified, notIdentified } = splitSignals([
      { code: 'PEP_ASSOCIATE_DIRECT', identified: true, score: 10 },
      { code: 'SANCTION_ACTIVE_SUBJECT_CEIS', identified: true, score: 30 },
      { code: 'PEP_SUBJECT_ACTIVE', identified: false, score: 0 },
    ] as const);
    expect(identified.map((s) => s.code)).toEqual(['SANCTION_ACTIVE_SUBJECT_CEIS', 'PEP_ASSOCIATE_DIRECT']);
    expect(notIdentified.map((s) => s.code)).toEqual(['PEP_SUBJECT_ACTIVE']);
  });
});
