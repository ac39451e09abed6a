import type { RouteSpec } from './routing';

/**
 * The error statuses a route can answer because of what it is, whatever its handler does: derived
 * here from the route's declaration, so that a new route documents them without asking
 * (docs/api-conventions.md, "Statuses"). The route's own `responses` say more where they give a
 * status too (their description wins). 500 is documented only where a route answers it by design
 * (a workflow that failed); any other 500 is a bug, which the fuzzing stage of `npm test` fails on.
 */
export type ImpliedStatus = { status: number; description: string };

const WRITE_METHODS = new Set(['post', 'put', 'patch']);

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
    Boolean(route.billable) && { status: 429, description: "quota_exceeded: this month's quota of the operation is spent (Retry-After, RateLimit-*)" },
    keyed && { status: 502, description: 'Postgres or Temporal unreachable or past its deadline: nothing was done, repeating is safe' },
  ];
  return implied.filter((s): s is ImpliedStatus => s !== false);
}
