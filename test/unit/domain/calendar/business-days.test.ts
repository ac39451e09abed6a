import { addBusinessDays, isBusinessDay } from '../../../../domain/calendar/business-days';

describe('isBusinessDay', () => {
  it.each([
    ['2026-11-25', true], // Wednesday
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-11-20', false], // Friday, Consciência Negra
    ['2026-02-16', false], // Carnival Monday
    ['2026-02-18', true], // Ash Wednesday: open
    ['2026-06-04', false], // Corpus Christi
    ['2026-04-03', false], // Good Friday
  ])('%s: %s', (day, expected) => {
    expect(isBusinessDay(day)).toBe(expected);
  });

  it('refuses what is not a day', () => {
    expect(() => isBusinessDay('2026-02-30')).toThrow(RangeError);
  });
});

describe('addBusinessDays', () => {
  it.each([
    ['2026-11-25', 1, '2026-11-26'],
    ['2026-11-19', 1, '2026-11-23'], // Thursday → skip Friday 20 (holiday) and the weekend
    ['2026-02-13', 1, '2026-02-18'], // Friday before Carnival → Ash Wednesday
    ['2026-04-02', 1, '2026-04-06'], // Thursday before Good Friday
    ['2026-12-24', 1, '2026-12-28'], // Christmas Friday, then the weekend
    ['2026-12-31', 1, '2027-01-04'], // New Year's Friday, then the weekend
    ['2026-11-25', 5, '2026-12-02'],
    ['2026-11-23', -1, '2026-11-19'],
    ['2026-11-28', 0, '2026-11-30'],
    ['2026-11-25', 0, '2026-11-25'],
  ])('%s + %i business days = %s', (day, count, expected) => {
    expect(addBusinessDays(day, count)).toBe(expected);
  });

  it('refuses a fraction of a day', () => {
    expect(() => addBusinessDays('2026-11-25', 1.5)).toThrow(RangeError);
  });
});
