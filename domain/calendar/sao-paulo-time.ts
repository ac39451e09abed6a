import { addBusinessDays } from './business-days';
import { type CalendarDay, dayToUtcMs, utcMsToDay } from './calendar-day';

/**
 * Brazilian regulatory deadlines in São Paulo time (America/Sao_Paulo): UTC−3 all year — Brazil has
 * kept no daylight saving time since 2019 (Decreto 9.772/2019), and the instants this service
 * computes are all later than that. A fixed offset keeps the domain free of the machine's zone data.
 */
export const SAO_PAULO_OFFSET_MS = -3 * 3_600_000;

/** The calendar day in São Paulo at an instant. */
export function saoPauloDayOf(instant: Date): CalendarDay {
  return utcMsToDay(instant.getTime() + SAO_PAULO_OFFSET_MS);
}

/** The instant of 23:59:59.999 São Paulo time on `day`. */
export function endOfSaoPauloDay(day: CalendarDay): Date {
  return new Date(dayToUtcMs(day) + 86_400_000 - 1 - SAO_PAULO_OFFSET_MS);
}

/**
 * The end of the next business day after the São Paulo day of `instant` (the COAF clock: a
 * communication is due by the end of the business day after the decision), as a UTC instant.
 */
export function endOfNextBusinessDay(instant: Date): Date {
  if (Number.isNaN(instant.getTime())) throw new RangeError('not an instant');
  return endOfSaoPauloDay(addBusinessDays(saoPauloDayOf(instant), 1));
}
