import type { RiskLevel } from '../analysis/verdict';
import { REVIEW_MONTHS_MAX, REVIEW_MONTHS_MIN } from './review-interval';

/**
 * A company's setting of the periodic review months per risk level (docs/monitoring.md,
 * "Schedules"), as the ops CLI takes it: `critical=2,high=4` (the levels not named keep the
 * default) or `default` (every level back to the default). Pure: the text in, the overrides or
 * the reason it is refused out.
 */
export type ReviewMonths = Partial<Record<RiskLevel, number>>;

const levels: readonly RiskLevel[] = ['critical', 'high', 'medium', 'low'];

export function parseReviewMonths(text: string): { ok: true; value: ReviewMonths } | { ok: false; error: string } {
  const trimmed = text.trim();
  if (trimmed === 'default') return { ok: true, value: {} };
  const value: ReviewMonths = {};
  for (const part of trimmed.split(',')) {
    const match = /^\s*([a-z]+)\s*=\s*(\d+)\s*$/.exec(part);
    if (!match) return { ok: false, error: `"${part.trim()}" is not <level>=<months> (levels: ${levels.join(', ')}; or "default")` };
    const [, level, months] = match;
    if (!(levels as readonly string[]).includes(level))
      return { ok: false, error: `"${level}" is not a risk level (${levels.join(', ')})` };
    if (value[level as RiskLevel] !== undefined) return { ok: false, error: `${level} is given twice` };
    const n = Number(months);
    if (n < REVIEW_MONTHS_MIN || n > REVIEW_MONTHS_MAX)
      return { ok: false, error: `${level}=${n}: months must be ${REVIEW_MONTHS_MIN}–${REVIEW_MONTHS_MAX}` };
    value[level as RiskLevel] = n;
  }
  return { ok: true, value };
}

/** The overrides a stored setting holds: anything else in it (a hand-edited row) is ignored. */
export function readReviewMonths(stored: unknown): ReviewMonths {
  if (!stored || typeof stored !== 'object') return {};
  const value: ReviewMonths = {};
  for (const level of levels) {
    const n = (stored as Record<string, unknown>)[level];
    if (typeof n === 'number' && Number.isInteger(n) && n >= REVIEW_MONTHS_MIN && n <= REVIEW_MONTHS_MAX) value[level] = n;
  }
  return value;
}
