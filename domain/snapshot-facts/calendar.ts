/**
 * Calendar-day arithmetic on 'YYYY-MM-DD' strings. Days are not instants: no Date objects, no
 * time zones, so the same as_of gives the same answer on every machine. ISO days compare
 * correctly as strings.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export type Day = string;

/** The day when `value` is a valid 'YYYY-MM-DD' (a longer ISO date-time keeps its day), else null. */
export function toDay(value: unknown): Day | null {
  if (typeof value !== 'string') return null;
  const day = value.slice(0, 10);
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || date < 1 || date > daysInMonth(year, month)) return null;
  return day;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function format(year: number, month: number, date: number): Day {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/** Adds calendar months; the day is clamped to the target month's length (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(day: Day, months: number): Day {
  const [year, month, date] = day.split('-').map(Number);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  return format(targetYear, targetMonth, Math.min(date, daysInMonth(targetYear, targetMonth)));
}

export function addYears(day: Day, years: number): Day {
  return addMonths(day, years * 12);
}

/** Whole years completed from `birth` to `asOf` (0 when asOf is before birth). */
export function yearsBetween(birth: Day, asOf: Day): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ay, am, ad] = asOf.split('-').map(Number);
  const years = ay - by - (am < bm || (am === bm && ad < bd) ? 1 : 0);
  return Math.max(0, years);
}

/** Whole months completed from `from` to `to` (0 when `to` is before `from`). */
export function monthsBetween(from: Day, to: Day): number {
  const [fy, fm, fd] = from.split('-').map(Number);
  const [ty, tm, td] = to.split('-').map(Number);
  const months = (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
  return Math.max(0, months);
}

/** A period [start, end] (either open) contains `day`; days are inclusive. */
export function periodContains(start: Day | null, end: Day | null, day: Day): boolean {
  return (start === null || start <= day) && (end === null || end >= day);
}
