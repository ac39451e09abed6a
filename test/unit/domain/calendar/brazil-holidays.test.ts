import { brazilNationalHolidays, isBrazilNationalHoliday } from '../../../../domain/calendar/brazil-holidays';

describe('brazilNationalHolidays', () => {
  it('lists 2026: nine fixed days and the four counted from Easter (5 April)', () => {
    expect(brazilNationalHolidays(2026).map((h) => h.day)).toEqual([
      '2026-01-01',
      '2026-02-16', // Carnival Monday
      '2026-02-17', // Carnival Tuesday
      '2026-04-03', // Good Friday
      '2026-04-21',
      '2026-05-01',
      '2026-06-04', // Corpus Christi
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-15',
      '2026-11-20',
      '2026-12-25',
    ]);
  });

  it.each([
    // [year, Carnival Monday, Carnival Tuesday, Good Friday, Corpus Christi]
    [2024, '2024-02-12', '2024-02-13', '2024-03-29', '2024-05-30'],
    [2025, '2025-03-03', '2025-03-04', '2025-04-18', '2025-06-19'],
    [2026, '2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04'],
    [2027, '2027-02-08', '2027-02-09', '2027-03-26', '2027-05-27'],
  ])('%i: the movable holidays', (year, carnivalMonday, carnivalTuesday, goodFriday, corpusChristi) => {
    const days = brazilNationalHolidays(year).map((h) => h.day);
    for (const day of [carnivalMonday, carnivalTuesday, goodFriday, corpusChristi]) expect(days).toContain(day);
  });

  it.each([
    ['2023-11-20', false], // national only from 2024
    ['2024-11-20', true],
    ['2025-11-20', true],
    ['2026-09-07', true],
    ['2026-12-24', false],
    ['2026-11-25', false],
  ])('%s is a national holiday: %s', (day, expected) => {
    expect(isBrazilNationalHoliday(day)).toBe(expected);
  });

  it('has 12 holidays in 2023 and 13 from 2024', () => {
    expect(brazilNationalHolidays(2023)).toHaveLength(12);
    expect(brazilNationalHolidays(2024)).toHaveLength(13);
  });
});
