import { addCalendarDays, type CalendarDay } from './calendar-day';
import { easterSunday } from './easter';

/**
 * Brazil's national holidays of a year (docs/people-and-cases.md, "Business days"): the fixed ones
 * of Lei 662/1949, Lei 6.802/1980 and Lei 14.759/2023 (20 November, Black Consciousness Day,
 * national from 2024), and the movable ones counted from Easter that banks and the regulators
 * close on — Carnival Monday and Tuesday, Good Friday, Corpus Christi.
 */
export type Holiday = { day: CalendarDay; name: string };

const fixed: { month: number; date: number; name: string; from?: number }[] = [
  { month: 1, date: 1, name: 'Confraternização Universal' },
  { month: 4, date: 21, name: 'Tiradentes' },
  { month: 5, date: 1, name: 'Dia do Trabalho' },
  { month: 9, date: 7, name: 'Independência do Brasil' },
  { month: 10, date: 12, name: 'Nossa Senhora Aparecida' },
  { month: 11, date: 2, name: 'Finados' },
  { month: 11, date: 15, name: 'Proclamação da República' },
  { month: 11, date: 20, name: 'Dia Nacional de Zumbi e da Consciência Negra', from: 2024 },
  { month: 12, date: 25, name: 'Natal' },
];

/** Days from Easter Sunday. */
const movable: { offset: number; name: string }[] = [
  { offset: -48, name: 'Carnaval (segunda-feira)' },
  { offset: -47, name: 'Carnaval (terça-feira)' },
  { offset: -2, name: 'Sexta-feira Santa' },
  { offset: 60, name: 'Corpus Christi' },
];

const cache = new Map<number, readonly Holiday[]>();

/** The year's holidays in date order. */
export function brazilNationalHolidays(year: number): readonly Holiday[] {
  const known = cache.get(year);
  if (known) return known;
  const easter = easterSunday(year);
  const pad = (n: number) => String(n).padStart(2, '0');
  const holidays: Holiday[] = [
    ...fixed
      .filter((h) => h.from === undefined || year >= h.from)
      .map((h) => ({ day: `${String(year).padStart(4, '0')}-${pad(h.month)}-${pad(h.date)}`, name: h.name })),
    ...movable.map((h) => ({ day: addCalendarDays(easter, h.offset), name: h.name })),
  ].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const frozen = Object.freeze(holidays.map((h) => Object.freeze(h)));
  cache.set(year, frozen);
  return frozen;
}

export function isBrazilNationalHoliday(day: CalendarDay): boolean {
  return brazilNationalHolidays(Number(day.slice(0, 4))).some((h) => h.day === day);
}
