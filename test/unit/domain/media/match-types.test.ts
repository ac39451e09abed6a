import { clampScore, isBetterMatch, type NameMatch } from '../../../../domain/media/match-types';

const m = (score: number, start: number): NameMatch => ({ match_type: 'exact_full_name', score, start, end: start + 5 });

describe('match order and scores', () => {
  it.each([
    ['anything beats nothing', m(10, 9), null, true],
    ['the higher score', m(90, 9), m(80, 0), true],
    ['the earlier place at an equal score', m(80, 0), m(80, 9), true],
    ['not the later place', m(80, 9), m(80, 0), false],
    ['not an equal match', m(80, 0), m(80, 0), false],
  ])('%s', (_name, a, b, better) => expect(isBetterMatch(a, b)).toBe(better));

  it.each([
    [-5, 0],
    [54.5, 55],
    [100.4, 100],
    [130, 100],
  ])('clampScore(%p) = %p', (score, expected) => expect(clampScore(score)).toBe(expected));
});
