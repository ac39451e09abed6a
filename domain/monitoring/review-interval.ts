import type { RiskLevel } from '../analysis/verdict';

/**
 * Periodic review of a monitored subject (docs/monitoring.md, "Schedules"): the next review
 * follows the last risk level — months after the check, by default critical 3, high 6, medium 12,
 * low 24 (Circular 3.978: periodic update of records by risk). A company setting may shorten or
 * lengthen any of them; a missing or invalid override keeps the default.
 */
export const defaultReviewMonths: Readonly<Record<RiskLevel, number>> = { critical: 3, high: 6, medium: 12, low: 24 };

/** The most a company may set (ten years) and the least (one month). */
export const REVIEW_MONTHS_MIN = 1;
export const REVIEW_MONTHS_MAX = 120;

export function reviewMonthsOf(riskLevel: RiskLevel | null, overrides: Partial<Record<RiskLevel, number>> = {}): number {
  // No verdict yet (the baseline failed): review as soon as the shortest default allows.
  const level: RiskLevel = riskLevel ?? 'critical';
  const override = overrides[level];
  if (override !== undefined && Number.isInteger(override) && override >= REVIEW_MONTHS_MIN && override <= REVIEW_MONTHS_MAX)
    return override;
  return defaultReviewMonths[level];
}

/**
 * The instant of the next review: `months` calendar months after `checkedAt` (UTC), clamped to the
 * last day of the target month (31 Jan + 1 month = 28/29 Feb), the time of day kept.
 */
export function nextReviewAt(checkedAt: Date, riskLevel: RiskLevel | null, overrides: Partial<Record<RiskLevel, number>> = {}): Date {
  const months = reviewMonthsOf(riskLevel, overrides);
  const y = checkedAt.getUTCFullYear();
  const m = checkedAt.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(checkedAt.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(y, m, day, checkedAt.getUTCHours(), checkedAt.getUTCMinutes(), checkedAt.getUTCSeconds(), checkedAt.getUTCMilliseconds()),
  );
}
