import type { PlanLimits } from './plan-limits';

/** Scopes, plan features and billable operations (docs/api-conventions.md). */
export const scopes = [
  'analyses:read',
  'analyses:write',
  'entities:read',
  'adverse_media:read',
  'adverse_media:write',
  'reports:read',
  'reports:write',
  'webhooks:read',
  'webhooks:write',
  'webhooks:retry',
  'workflows:read',
  'workflows:write',
  'watchlists:read',
  // People, cases and the audit trail (docs/sign-in.md): a role's powers are these scopes (domain/roles.ts).
  'cases:read',
  'cases:write',
  'cases:approve',
  'audit:read',
  'monitors:read',
  'monitors:write',
] as const;
export type Scope = (typeof scopes)[number];

export const planFeatures = [
  'analyses',
  'analyses_async',
  'analyses_batch',
  'adverse_media',
  'reports',
  'webhooks',
  'watchlists',
  'monitoring',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

/** `watchlist_queries` counts one unit per screened query (POST /watchlists/match, docs/watchlists.md); `monitors` one per monitor created (POST /monitors, docs/monitoring.md). */
export const billableOperations = ['analyses', 'adverse_media', 'reports', 'watchlist_queries', 'monitors'] as const;
export type BillableOperation = (typeof billableOperations)[number];

/**
 * A plan's monthly quota per billable operation: a count, or `null` for unlimited. An operation
 * the plan does not list has a quota of 0.
 */
export type PlanQuotas = Record<string, number | null>;

export type QuotaStanding = { limit: number | null; used: number; remaining: number | null };

/** Where a company stands against each quota this period (GET /account). */
export function quotaStanding(quotas: PlanQuotas, used: Record<string, number>): Record<BillableOperation, QuotaStanding> {
  const standing = {} as Record<BillableOperation, QuotaStanding>;
  for (const operation of billableOperations) {
    const limit = quotas[operation] === undefined ? 0 : quotas[operation];
    const count = used[operation] ?? 0;
    standing[operation] = { limit, used: count, remaining: limit === null ? null : Math.max(0, limit - count) };
  }
  return standing;
}

/**
 * What every authenticated caller has, a key or a signed-in person alike: the company it acts
 * for, its scopes (a person's come from its role: domain/roles.ts), the plan and its limits.
 */
export type MemberAuth = {
  companyId: number;
  companyUuid: string;
  scopes: ReadonlySet<string>;
  plan: { code: string; features: ReadonlySet<string>; quotas: PlanQuotas };
  /** The plan's overrides of the configured limits (domain/plan-limits.ts). */
  planLimits: PlanLimits;
};

export type AuthContext = {
  keyId: number;
  keyUuid: string;
  /** The name the key was given when created (null: none); an actor's display name (domain/actor.ts). */
  keyName: string | null;
  companyId: number;
  companyUuid: string;
  scopes: ReadonlySet<string>;
  plan: { code: string; features: ReadonlySet<string>; quotas: PlanQuotas };
  /** When the key was last recorded as used (null: never); the record is refreshed at most once a minute. */
  lastUsedAt: Date | null;
  /** The plan's overrides of the configured limits (domain/plan-limits.ts). */
  planLimits: PlanLimits;
  /**
   * The person a personal key acts as (an active one: a deactivated person's key admits nothing);
   * null for a company key. Their roles as stored (domain/roles.ts reads them: `isRole`).
   */
  person: { uuid: string; name: string; roles: readonly string[] } | null;
};

/** How stale `last_used_at` may get: it records activity, not every request. */
export const KEY_USE_RECORD_INTERVAL_MS = 60_000;

/** Whether a request with this key should refresh `last_used_at` (a write, so not on every request). */
export function shouldRecordKeyUse(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= KEY_USE_RECORD_INTERVAL_MS;
}

/** Quota periods are calendar months in UTC. */
export function quotaPeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** When the quota period of `now` ends: the first instant of the next calendar month (UTC). */
export function quotaPeriodResetsAt(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

const apiKeyPattern = /^erk_[A-Za-z0-9_-]{43}$/;

/** A syntactically impossible key is rejected before any database lookup. */
export function isWellFormedApiKey(value: string): boolean {
  return apiKeyPattern.test(value);
}

export function parseScopes(value: string): { valid: Scope[]; unknown: string[] } {
  const items = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = items.filter((s): s is Scope => (scopes as readonly string[]).includes(s));
  return { valid, unknown: items.filter((s) => !(scopes as readonly string[]).includes(s)) };
}
