import { isBrazilNationalHoliday } from './brazil-holidays';
import { addCalendarDays, type CalendarDay, dayToUtcMs, weekdayOf } from './calendar-day';

/**
 * Business days in Brazil (docs/people-and-cases.md, "Business days"): Monday to Friday except the
 * national holidays. The regulator's deadlines (the COAF clock) and the cases' service levels count them.
 */
export function isBusinessDay(day: CalendarDay): boolean {
  dayToUtcMs(day);
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && !isBrazilNationalHoliday(day);
}

/**
 * The business day `count` business days after `day` (count ≥ 1), or before it (count ≤ −1);
 * count 0: `day` itself when it is a business day, else the next one.
 */
export function addBusinessDays(day: CalendarDay, count: number): CalendarDay {
  if (!Number.isInteger(count)) throw new RangeError(`not a whole number of business days: ${count}`);
  let current = day;
  if (count === 0) {
    while (!isBusinessDay(current)) current = addCalendarDays(current, 1);
    return current;
  }
  const step = count > 0 ? 1 : -1;
  let left = Math.abs(count);
  while (left > 0) {
    current = addCalendarDays(current, step);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}
