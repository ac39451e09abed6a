import { addMonths, addYears, monthsBetween, periodContains, toDay, yearsBetween } from '../../../../domain/snapshot-facts/calendar';

describe('calendar days', () => {
  it.each([
    ['2026-11-21', '2026-11-21'],
    ['2026-11-21T23:59:59Z', '2026-11-21'],
    ['2024-02-29', '2024-02-29'],
    ['2023-02-29', null],
    ['2026-13-01', null],
    ['21/11/2026', null],
    [null, null],
    [20261121, null],
  ])('toDay(%p) = %p', (value, expected) => expect(toDay(value)).toBe(expected));

  it.each([
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-01-31', 1, '2023-02-28'],
    ['2026-11-21', -12, '2025-11-21'],
    ['2026-01-15', -1, '2025-12-15'],
  ])('addMonths(%s, %i) = %s', (day, months, expected) => expect(addMonths(day, months)).toBe(expected));

  it.each([
    // The one addYears of the service: scoring's grace and look-back periods and the graph's PEPs.
    ['2024-02-29', 5, '2029-02-28'],
    ['2024-02-29', 4, '2028-02-29'],
    ['2021-11-21', 5, '2026-11-21'],
    ['2026-11-21', -5, '2021-11-21'],
  ])('addYears(%s, %i) = %s', (day, years, expected) => expect(addYears(day, years)).toBe(expected));

  it.each([
    ['1968-02-29', '2026-02-28', 57],
    ['1968-02-29', '2026-03-01', 58],
    ['2030-01-01', '2026-11-21', 0],
  ])('yearsBetween(%s, %s) = %i', (birth, asOf, expected) => expect(yearsBetween(birth, asOf)).toBe(expected));

  it.each([
    ['2026-01-31', '2026-02-28', 0],
    ['2026-01-31', '2026-03-31', 2],
    ['2026-05-01', '2026-01-01', 0],
  ])('monthsBetween(%s, %s) = %i', (from, to, expected) => expect(monthsBetween(from, to)).toBe(expected));

  it.each([
    [null, null, true],
    ['2026-11-21', '2026-11-21', true],
    ['2026-11-22', null, false],
    [null, '2026-11-20', false],
  ])('the period [%p, %p] contains 2026-11-21: %p', (start, end, expected) =>
    expect(periodContains(start, end, '2026-11-21')).toBe(expected),
  );
});
