/**
 * Calendar days as 'YYYY-MM-DD' (no time zone: a day of the Brazilian calendar), with the day
 * arithmetic the business-day calendar needs. Computed on UTC dates, so no machine's zone matters.
 */
export type CalendarDay = string;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Milliseconds of the day's UTC midnight; throws on anything but a real 'YYYY-MM-DD'. */
export function dayToUtcMs(day: CalendarDay): number {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`not a calendar day: ${day}`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`not a calendar day: ${day}`);
  return ms;
}

export function utcMsToDay(ms: number): CalendarDay {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addCalendarDays(day: CalendarDay, days: number): CalendarDay {
  return utcMsToDay(dayToUtcMs(day) + days * DAY_MS);
}

/** 0 Sunday … 6 Saturday. */
export function weekdayOf(day: CalendarDay): number {
  return new Date(dayToUtcMs(day)).getUTCDay();
}
