import type { RetentionRule } from './manifest-types';

/**
 * How long a report must be kept, by its manifest's rule (docs/reports.md, "Retention"):
 * - `relationship.ended_on`, counted from the first day of the next year (Circular BCB
 *   3.978/2020, art. 67): ten years from 1 January of the year after the relationship ended. The
 *   end is the company's setting for the subject; until it is set, the latest date the service
 *   knows the relationship was alive stands in, and the period is provisional (a lower bound).
 * - `report.finalized_at` (manifests before 2026.12.2, kept as they were): `years` from the
 *   finalization date; none before it.
 */
export type RetentionFacts = {
  /** YYYY-MM-DD: the end of the relationship the company recorded for the subject, if any. */
  relationshipEndedOn: string | null;
  /** YYYY-MM-DD: the latest date the service knows the relationship was alive (its latest analysis of the subject). */
  latestKnownOn: string;
  /** The report's finalization instant, if finalized. */
  finalizedAt: Date | null;
};

export type RetentionPeriod = {
  /** What the period is counted from. */
  basis: 'relationship_ended_on' | 'latest_known_date' | 'finalized_at';
  /** YYYY-MM-DD: the date of that basis. */
  basis_date: string;
  /** YYYY-MM-DD: the first day counted. */
  counted_from: string;
  /** YYYY-MM-DD: the first day the report need no longer be kept. */
  retain_until: string;
  /** True while the relationship has no recorded end: the period can only grow. */
  provisional: boolean;
};

const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/;

function yearOf(date: string): number {
  const match = dateOnly.exec(date);
  if (!match) throw new Error(`not a YYYY-MM-DD date: ${date}`);
  return Number(match[1]);
}

/** `date` plus whole years; 29 February falls on 28 February in a common year. */
function addYears(date: string, years: number): string {
  const [, y, m, d] = dateOnly.exec(date)!;
  const year = Number(y) + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === '02' && d === '29' && !leap ? '28' : d;
  return `${String(year).padStart(4, '0')}-${m}-${day}`;
}

/** The retention period of a report under `rule`; null when the rule's anchor has not happened (a draft under `report.finalized_at`). */
export function retentionPeriod(rule: RetentionRule, facts: RetentionFacts): RetentionPeriod | null {
  if (rule.anchor === 'report.finalized_at') {
    if (!facts.finalizedAt) return null;
    const day = facts.finalizedAt.toISOString().slice(0, 10);
    return { basis: 'finalized_at', basis_date: day, counted_from: day, retain_until: addYears(day, rule.years), provisional: false };
  }
  if (rule.anchor !== 'relationship.ended_on') throw new Error(`unknown retention anchor ${rule.anchor}`);
  const ended = facts.relationshipEndedOn;
  const basisDate = ended ?? facts.latestKnownOn;
  const countedFrom =
    rule.counted_from === 'first_day_of_next_year' ? `${String(yearOf(basisDate) + 1).padStart(4, '0')}-01-01` : basisDate;
  return {
    basis: ended ? 'relationship_ended_on' : 'latest_known_date',
    basis_date: basisDate,
    counted_from: countedFrom,
    retain_until: addYears(countedFrom, rule.years),
    provisional: ended === null,
  };
}
