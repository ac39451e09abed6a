import { addCalendarDays, dayToUtcMs, utcMsToDay, weekdayOf } from '../../../../domain/calendar/calendar-day';

describe('calendar days', () => {
  it.each([
    ['2024-02-28', 1, '2024-02-29'],
    ['2024-02-29', 1, '2024-03-01'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-01-01', -1, '2025-12-31'],
    ['2026-04-05', -48, '2026-02-16'],
  ])('%s + %i = %s', (day, days, expected) => {
    expect(addCalendarDays(day, days)).toBe(expected);
  });

  it.each([
    ['2026-11-25', 3],
    ['2026-11-28', 6],
    ['2026-11-29', 0],
  ])('%s is weekday %i', (day, weekday) => {
    expect(weekdayOf(day)).toBe(weekday);
  });

  it.each(['2025-02-29', '2026-13-01', '26-01-01', '2026-1-1', ''])('refuses %j', (day) => {
    expect(() => dayToUtcMs(day)).toThrow(RangeError);
  });

  it('round-trips a day through its UTC midnight', () => {
    expect(utcMsToDay(dayToUtcMs('2027-03-28'))).toBe('2027-03-28');
  });
});
