/**
 * Limits per company (docs/api-conventions.md, "Limits"): configuration sets the defaults, a plan
 * may override any of them (`plans.limits`). Quotas count billable work per month; limits bound
 * what one company can make the service do at once or in a short time.
 */
export const planLimitNames = ['webhook_endpoints', 'test_events_per_endpoint_per_minute', 'requests_per_second'] as const;
export type PlanLimitName = (typeof planLimitNames)[number];
export type PlanLimits = Partial<Record<PlanLimitName, number>>;

/** The plan's own value when it has one, else the configured default. */
export function effectiveLimit(plan: PlanLimits, name: PlanLimitName, configured: number): number {
  return plan[name] ?? configured;
}

/** A plan's stored limits: known names with whole non-negative values; anything else is ignored. */
export function readPlanLimits(stored: unknown): PlanLimits {
  if (!stored || typeof stored !== 'object') return {};
  const limits: PlanLimits = {};
  for (const name of planLimitNames) {
    const value = (stored as Record<string, unknown>)[name];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) limits[name] = value;
  }
  return limits;
}

/** One counting window of a rate limit, as the shared counter reports it after this request. */
export type RateWindowCount = { used: number; resetInMs: number };
export type RateDecision = { allowed: boolean; limit: number; remaining: number; resetInMs: number };

/** The request that makes `used` exceed `limit` and every later one in the window is refused. */
export function decideRate(count: RateWindowCount, limit: number): RateDecision {
  return { allowed: count.used <= limit, limit, remaining: Math.max(0, limit - count.used), resetInMs: Math.max(0, count.resetInMs) };
}
