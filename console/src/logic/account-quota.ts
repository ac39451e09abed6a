import type { Account } from '../api/types';

/**
 * This month's standing of one quota as the header shows it: `usage.quotas` of GET /account when
 * it names the operation, else the plan's quota and the use. `limit` null: unlimited (the plan says
 * `null`), or no quota of that operation at all.
 */
export function quotaStandingOf(account: Account, operation: string): { used: number; limit: number | null } {
  const standing = account.usage.quotas?.[operation];
  if (standing) return { used: standing.used, limit: standing.limit };
  return { used: account.usage.used[operation] ?? 0, limit: account.plan.quotas[operation] ?? null };
}
