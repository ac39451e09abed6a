import { easterSunday } from '../../../../domain/calendar/easter';

describe('easterSunday', () => {
  it.each([
    [2019, '2019-04-21'],
    [2023, '2023-04-09'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2285, '2285-03-22'],
  ])('%i: %s', (year, expected) => {
    expect(easterSunday(year)).toBe(expected);
  });

  it.each([1582, 2024.5, 10000])('refuses %s', (year) => {
    expect(() => easterSunday(year)).toThrow(RangeError);
  });
});
