import type { Config } from '../../config/config';
import type { Executor } from '../../db/create-db';
import { countUseInWindow } from '../../db/repositories/tenancy/rate-limit-repository';
import { RateLimitedError } from '../../domain/errors';
import { decideRate, effectiveLimit, type PlanLimitName, planLimitNames, type RateDecision } from '../../domain/plan-limits';
import type { MemberActor } from '../../domain/actor';
import { rateLimitRejectionsTotal } from '../../infra/metrics';

type RateConfig = Pick<Config, 'API_KEY_REQUESTS_PER_SECOND' | 'WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE'>;
type LimitConfig = RateConfig & Pick<Config, 'WEBHOOK_MAX_ENDPOINTS_PER_COMPANY'>;

/** The limits a company works under (GET /account): its plan's own values, else the configured defaults. */
export function limitsOf(actor: Pick<MemberActor, 'planLimits'>, config: LimitConfig): Record<PlanLimitName, number> {
  const configured: Record<PlanLimitName, number> = {
    webhook_endpoints: config.WEBHOOK_MAX_ENDPOINTS_PER_COMPANY,
    test_events_per_endpoint_per_minute: config.WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
    requests_per_second: config.API_KEY_REQUESTS_PER_SECOND,
  };
  return Object.fromEntries(planLimitNames.map((name) => [name, effectiveLimit(actor.planLimits, name, configured[name])])) as Record<PlanLimitName, number>;
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
export function admitKeyRequest(deps: { db: Executor; config: RateConfig }, actor: MemberActor): Promise<RateDecision> {
  const { db, config } = deps;
  const limit = effectiveLimit(actor.planLimits, 'requests_per_second', config.API_KEY_REQUESTS_PER_SECOND);
  return admit(db, `key:${actor.id}`, 1, 'requests_per_second', limit);
}

/** A test event makes the service call the customer's URL: bounded per endpoint per minute. */
export function admitTestEvent(deps: { db: Executor; config: RateConfig }, actor: MemberActor, endpointUuid: string): Promise<RateDecision> {
  const { db, config } = deps;
  const limit = effectiveLimit(actor.planLimits, 'test_events_per_endpoint_per_minute', config.WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE);
  return admit(db, `test-events:${endpointUuid}`, 60, 'test_events_per_endpoint_per_minute', limit);
}
