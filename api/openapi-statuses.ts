import { rateLimitHeaderRefs, rateLimitedExamples, tooManyRequestsHeaderRefs } from './openapi-errors';
import type { RouteSpec } from './routing';

/**
 * The error statuses a route can answer because of what it is, whatever its handler does: derived
 * here from the route's declaration, so that a new route documents them without asking
 * (docs/api-conventions.md, "Statuses"). The route's own `responses` say more where they give a
 * status too (their description and examples win; the headers stated here stay). 500 is documented
 * only where a route answers it by design (a workflow that failed); any other 500 is a bug, which
 * the fuzzing stage of `npm test` fails on.
 */
export type ImpliedStatus = {
  status: number;
  description: string;
  /** Response headers the status always carries (`#/components/headers` references). */
  headers?: Record<string, { $ref: string }>;
  /** Named examples, where the status has more than one cause. */
  examples?: Record<string, { summary: string; value: unknown }>;
};

const WRITE_METHODS = new Set(['post', 'put', 'patch']);

/**
 * Every keyed request counts against its key's request rate (api/routing.ts), so every keyed route
 * can answer 429 `rate_limited`; a billable one also `quota_exceeded`. Either says when to come back.
 */
function tooManyRequests(route: RouteSpec): ImpliedStatus {
  return {
    status: 429,
    description: route.billable ? "rate_limited: the key's requests per second; or quota_exceeded: this month's quota of the operation is spent" : "rate_limited: the key's requests per second",
    headers: tooManyRequestsHeaderRefs,
    examples: { rate_limited: rateLimitedExamples.rate_limited, ...(route.billable ? { quota_exceeded: rateLimitedExamples.quota_exceeded } : {}) },
  };
}

export function impliedStatuses(route: RouteSpec): ImpliedStatus[] {
  const keyed = route.auth !== 'public';
  const writes = WRITE_METHODS.has(route.method);
  const implied: (ImpliedStatus | false)[] = [
    keyed && { status: 401, description: 'X-API-Key missing, invalid, malformed, expired or revoked (one body for all)' },
    (typeof route.auth === 'object' || Boolean(route.billable)) && { status: 403, description: route.billable ? 'insufficient_scope, or feature_not_in_plan' : 'insufficient_scope: the key lacks the scope of this route' },
    Boolean(route.params) && { status: 404, description: "nothing with this id for the calling company (another company's resource is a 404 too)" },
    writes && { status: 413, description: 'request body over BODY_LIMIT_BYTES (1 MiB by default)' },
    writes && { status: 415, description: 'a request body that is not application/json' },
    (writes || Boolean(route.body || route.params || route.query)) && { status: 422, description: 'a body, path, query or header value the route does not accept (malformed JSON included): one {loc, msg, type} per problem' },
    keyed && tooManyRequests(route),
    keyed && { status: 502, description: 'Postgres or Temporal unreachable or past its deadline: nothing was done, repeating is safe' },
  ];
  return implied.filter((s): s is ImpliedStatus => s !== false);
}

/** The headers every success of a route carries because of what it is: a keyed answer states its key's rate. */
export function impliedSuccessHeaders(route: RouteSpec): Record<string, { $ref: string }> {
  return route.auth !== 'public' ? rateLimitHeaderRefs : {};
}
