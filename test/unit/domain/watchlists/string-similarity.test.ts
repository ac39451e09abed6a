import { jaroWinkler } from '../../../../domain/watchlists/string-similarity';

describe('jaroWinkler', () => {
  it.each([
    ['martha', 'marhta', 0.9611],
    ['dwayne', 'duane', 0.84],
    ['dixon', 'dicksonx', 0.8133],
    ['abc', 'abc', 1],
    ['abc', 'xyz', 0],
    ['', 'abc', 0],
    ['', '', 1],
  ])('%s vs %s → %d', (a, b, expected) => {
    expect(jaroWinkler(a, b)).toBeCloseTo(expected, 4);
    expect(jaroWinkler(b, a)).toBeCloseTo(expected, 4);
  });
});
