import type { Config } from '../../../config/config';
import type { Executor } from '../../../db/create-db';
import { countUseInWindow } from '../../../db/repositories/tenancy/rate-limit-repository';
import { RateLimitedError } from '../../../domain/errors';
import {
  decideRate,
  effectiveLimit,
  type PlanLimitName,
  planLimitNames,
  type RateDecision,
  type RateWindowCount,
} from '../../../domain/plan-limits';
import type { MemberActor } from '../../../domain/actor';
import { rateLimitRejectionsTotal } from '../../../infra/metrics';

type RateConfig = Pick<Config, 'API_KEY_REQUESTS_PER_SECOND' | 'WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE'>;
type LimitConfig = RateConfig & Pick<Config, 'WEBHOOK_MAX_ENDPOINTS_PER_COMPANY'>;

/** The limits a company works under (GET /account): its plan's own values, else the configured defaults. */
export function limitsOf(actor: Pick<MemberActor, 'planLimits'>, config: LimitConfig): Record<PlanLimitName, number> {
  const configured: Record<PlanLimitName, number> = {
    webhook_endpoints: config.WEBHOOK_MAX_ENDPOINTS_PER_COMPANY,
    test_events_per_endpoint_per_minute: config.WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE,
    requests_per_second: config.API_KEY_REQUESTS_PER_SECOND,
  };
  return Object.fromEntries(planLimitNames.map((name) => [name, effectiveLimit(actor.planLimits, name, configured[name])])) as Record<
    PlanLimitName,
    number
  >;
}

/** Past the limit: 429 `rate_limited`, counted in the rejections metric. */
function refuseOverLimit(counted: RateWindowCount, limitName: PlanLimitName, limit: number): RateDecision {
  const decision = decideRate(counted, limit);
  if (!decision.allowed) {
    rateLimitRejectionsTotal.inc({ limit: limitName });
    throw new RateLimitedError(limitName, { limit, resetInMs: decision.resetInMs });
  }
  return decision;
}

/**
 * Counts one use in a shared fixed window (one Postgres statement, so the limit holds across
 * every api process) and refuses it with 429 `rate_limited` past the limit.
 */
async function admit(db: Executor, bucket: string, windowSeconds: number, limitName: PlanLimitName, limit: number): Promise<RateDecision> {
  return refuseOverLimit(await countUseInWindow(db, bucket, windowSeconds), limitName, limit);
}

/** A key's or a person's requests are counted per second, in the bucket `key:<actor id>`. */
export const requestRateWindow = { bucketPrefix: 'key:', windowSeconds: 1 } as const;

const requestLimitOf = (actor: MemberActor, config: RateConfig) =>
  effectiveLimit(actor.planLimits, 'requests_per_second', config.API_KEY_REQUESTS_PER_SECOND);

/** Every authenticated request counts against its key's (or person's) rate, per second. */
export function admitKeyRequest(deps: { db: Executor; config: RateConfig }, actor: MemberActor): Promise<RateDecision> {
  const { db, config } = deps;
  return admit(
    db,
    `${requestRateWindow.bucketPrefix}${actor.id}`,
    requestRateWindow.windowSeconds,
    'requests_per_second',
    requestLimitOf(actor, config),
  );
}

/** admitKeyRequest for a use already counted with the key's lookup (usecases/tenancy/authenticate-key.ts). */
export function admitCountedKeyRequest(deps: { config: RateConfig }, actor: MemberActor, counted: RateWindowCount): RateDecision {
  return refuseOverLimit(counted, 'requests_per_second', requestLimitOf(actor, deps.config));
}

/** A test event makes the service call the customer's URL: bounded per endpoint per minute. */
export function admitTestEvent(
  deps: { db: Executor; config: RateConfig },
  actor: MemberActor,
  endpointUuid: string,
): Promise<RateDecision> {
  const { db, config } = deps;
  const limit = effectiveLimit(actor.planLimits, 'test_events_per_endpoint_per_minute', config.WEBHOOK_TEST_EVENTS_PER_ENDPOINT_PER_MINUTE);
  return admit(db, `test-events:${endpointUuid}`, 60, 'test_events_per_endpoint_per_minute', limit);
}
