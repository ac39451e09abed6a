import type { Config } from '../../config/config';
import type { Executor } from '../../db/create-db';
import { countUseInWindow } from '../../db/repositories/rate-limit-repository';
import { RateLimitedError } from '../../domain/errors';
import { decideRate, effectiveLimit, type PlanLimitName, planLimitNames, type RateDecision } from '../../domain/plan-limits';
import type { AuthContext } from '../../domain/tenancy';
import { rateLimitRejectionsTotal } from '../../infra/metrics';

type RateConfig = Pick<Config, 'API_KEY_REQUESTS_PER_SECOND' | 'WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE'>;
type LimitConfig = RateConfig & Pick<Config, 'WEBHOOK_MAX_ENDPOINTS_PER_COMPANY'>;

/** The limits a company works under (GET /account): its plan's own values, else the configured defaults. */
export function limitsOf(auth: AuthContext, config: LimitConfig): Record<PlanLimitName, number> {
  const configured: Record<PlanLimitName, number> = {
    webhook_endpoints: config.WEBHOOK_MAX_ENDPOINTS_PER_COMPANY,
    test_events_per_endpoint_per_minute: config.WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
    requests_per_second: config.API_KEY_REQUESTS_PER_SECOND,
  };
  return Object.fromEntries(planLimitNames.map((name) => [name, effectiveLimit(auth.planLimits, name, configured[name])])) as Record<PlanLimitName, number>;
}

/**
 * Counts one use in a shared fixed window (one Postgres statement, so the limit holds across
 * every api process) and refuses it with 429 `rate_limited` past the limit.
 */
async function admit(db: Executor, bucket: string, windowSeconds: number, limitName: PlanLimitName, limit: number): Promise<RateDecision> {
  const decision = decideRate(await countUseInWindow(db, bucket, windowSeconds), limit);
  if (!decision.allowed) {
    rateLimitRejectionsTotal.inc({ limit: limitName });
    throw new RateLimitedError(limitName, { limit, resetInMs: decision.resetInMs });
  }
  return decision;
}

/** Every authenticated request counts against its key's rate, per second. */
export function admitKeyRequest(db: Executor, auth: AuthContext, config: RateConfig): Promise<RateDecision> {
  const limit = effectiveLimit(auth.planLimits, 'requests_per_second', config.API_KEY_REQUESTS_PER_SECOND);
  return admit(db, `key:${auth.keyUuid}`, 1, 'requests_per_second', limit);
}

/** A test event makes the service call the customer's URL: bounded per endpoint per minute. */
export function admitTestEvent(db: Executor, auth: AuthContext, endpointUuid: string, config: RateConfig): Promise<RateDecision> {
  const limit = effectiveLimit(auth.planLimits, 'test_events_per_endpoint_per_minute', config.WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE);
  return admit(db, `test-events:${endpointUuid}`, 60, 'test_events_per_endpoint_per_minute', limit);
}
