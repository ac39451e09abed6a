import { riskIncreased, type VerdictState, verdictChange } from '../../../../domain/monitoring/verdict-change';

const state = (score: number, risk_level: VerdictState['risk_level'], fingerprint: string, signals: string[] = []): VerdictState => ({
  score,
  risk_level,
  verdict_fingerprint: fingerprint,
  signals,
});

describe('verdict change of a monitored subject', () => {
  it.each([
    ['baseline: no previous verdict', null, state(10, 'low', 'a'), undefined],
    ['same fingerprint, whatever else', state(10, 'low', 'a'), state(10, 'low', 'a'), undefined],
    ['level up', state(10, 'low', 'a'), state(70, 'high', 'b', ['SANCTION_UN_SUBJECT']), 'risk_increased'],
    ['level down', state(70, 'high', 'a', ['X']), state(10, 'low', 'b'), 'risk_decreased'],
    ['level up, score down (level decides)', state(40, 'medium', 'a'), state(35, 'critical', 'b'), 'risk_increased'],
    ['same level, score up', state(10, 'low', 'a'), state(15, 'low', 'b'), 'risk_increased'],
    ['same level, score down', state(15, 'low', 'a'), state(10, 'low', 'b'), 'risk_decreased'],
    ['same level and score, signals differ', state(10, 'low', 'a', ['A']), state(10, 'low', 'b', ['B']), 'signals_changed'],
    ['same level, score and signals, other explanation', state(10, 'low', 'a', ['A']), state(10, 'low', 'b', ['A']), 'signals_changed'],
  ] as const)('%s', (_name, previous, current, kind) => {
    const change = verdictChange(previous, current);
    expect(change?.kind).toBe(kind);
    expect(riskIncreased(change)).toBe(kind === 'risk_increased');
  });

  it.each([
    [['A', 'B'], ['B', 'C'], ['C'], ['A']],
    [[], ['Z', 'A'], ['A', 'Z'], []],
    [['A', 'A'], [], [], ['A']],
  ])('signals %j → %j: added %j, removed %j', (before, after, added, removed) => {
    const change = verdictChange(state(1, 'low', 'a', before), state(1, 'low', 'b', after))!;
    expect(change.signals_added).toEqual(added);
    expect(change.signals_removed).toEqual(removed);
    expect(change.previous).toEqual({ score: 1, risk_level: 'low' });
  });
});
