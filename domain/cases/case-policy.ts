import type { RiskLevel } from '../analysis/verdict';
import { addBusinessDays } from '../calendar/business-days';
import { endOfSaoPauloDay, saoPauloDayOf } from '../calendar/sao-paulo-time';

/** A case's life (docs/people-and-cases.md, "Cases"). */
export const caseStatuses = ['open', 'in_review', 'pending_approval', 'closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const casePriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type CasePriority = (typeof casePriorities)[number];

/** The priority a case takes from the risk level of its verdict. */
const priorityByRisk: Record<RiskLevel, CasePriority> = { low: 'low', medium: 'normal', high: 'high', critical: 'urgent' };

export function casePriorityOf(riskLevel: RiskLevel): CasePriority {
  return priorityByRisk[riskLevel];
}

/**
 * The service level of each priority, in business days of São Paulo (national holidays of Brazil
 * excluded): a decision is due by the end of that many business days after the case opened. The
 * contract names no figures; these are the service's (docs/people-and-cases.md, "Service levels").
 */
export const SERVICE_LEVEL_BUSINESS_DAYS: Record<CasePriority, number> = { urgent: 1, high: 2, normal: 5, low: 10 };

/** When a case opened at `openedAt` with this priority is due: the end of its last business day in São Paulo. */
export function caseDueAt(openedAt: Date, priority: CasePriority): Date {
  return endOfSaoPauloDay(addBusinessDays(saoPauloDayOf(openedAt), SERVICE_LEVEL_BUSINESS_DAYS[priority]));
}

/** The flags of a verdict that make it review-worthy (domain/scoring/score-snapshot.ts sets them). */
export type ReviewFlags = { review_required: boolean; escalation_required: boolean };

/**
 * Why the service opens a case by itself for a completed analysis, or null when it opens none:
 * escalation first, since it is the stronger of the two.
 */
export function automaticCaseReasonOf(flags: ReviewFlags): string | null {
  if (flags.escalation_required) return 'escalation_required';
  if (flags.review_required) return 'review_required';
  return null;
}
