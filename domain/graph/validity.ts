/**
 * Whether a dated fact holds on the analysis date. Dates are 'YYYY-MM-DD' strings, which compare
 * correctly as strings; time enters the graph only through `asOf` (DESIGN.md §4).
 */
export type ValidityStatus = 'active' | 'inactive' | 'ended' | 'not_started';

export function validityStatus(fact: { is_active: boolean; valid_from: string | null; valid_to: string | null }, asOf: string): ValidityStatus {
  if (fact.valid_from !== null && fact.valid_from > asOf) return 'not_started';
  // valid_to is the last day the fact held.
  if (fact.valid_to !== null && fact.valid_to < asOf) return 'ended';
  return fact.is_active ? 'active' : 'inactive';
}

export const isValidOn = (fact: { is_active: boolean; valid_from: string | null; valid_to: string | null }, asOf: string) =>
  validityStatus(fact, asOf) === 'active';

/** 'YYYY-MM-DD' plus whole years; 29 February lands on 28 February in common years. */
export function addYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}
