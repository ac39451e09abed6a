import { rateLimitHeaderRefs, rateLimitedExamples, type sharedErrorResponses, tooManyRequestsHeaderRefs } from './errors';
import type { RouteSpec } from '../edge/routing';

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
  /** A response every route of its kind shares (`#/components/responses/<name>`, with its own headers). */
  shared?: keyof typeof sharedErrorResponses;
};

/**
 * Every keyed request counts against its key's request rate (api/edge/routing.ts), so every keyed route
 * can answer 429 `rate_limited`; a billable one also `quota_exceeded`. Either says when to come back.
 */
function tooManyRequests(route: RouteSpec): ImpliedStatus {
  return {
    status: 429,
    description: route.billable
      ? "rate_limited: the key's requests per second; or quota_exceeded: this month's quota of the operation is spent"
      : "rate_limited: the key's requests per second",
    headers: tooManyRequestsHeaderRefs,
    examples: {
      rate_limited: rateLimitedExamples.rate_limited,
      ...(route.billable ? { quota_exceeded: rateLimitedExamples.quota_exceeded } : {}),
    },
  };
}

/** Why a route may answer 403: the scope (a key's, or a person's role: docs/sign-in.md), the plan, a session's write without its CSRF token. */
function forbiddenCauses(route: RouteSpec): string {
  const causes = [
    typeof route.auth === 'object' && "insufficient_scope: the key, or the signed-in person's role, lacks the scope of this route",
    route.billable && 'feature_not_in_plan',
    route.auth !== 'public' && route.method !== 'get' && "csrf_token_invalid: a console session's write without its X-CSRF-Token",
  ];
  return causes.filter(Boolean).join('; or ');
}

export function impliedStatuses(route: RouteSpec): ImpliedStatus[] {
  const keyed = route.auth !== 'public';
  // A route without a request body neither reads nor refuses one (api/edge/routing.ts): 413 and 415 only where it reads.
  const readsBody = Boolean(route.body);
  const implied: (ImpliedStatus | false)[] = [
    keyed &&
      (route.auth === 'session'
        ? {
            status: 401,
            description: 'no valid console session: missing, forged, expired or signed out (one body for all)',
            shared: 'SessionUnauthenticated' as const,
          }
        : {
            status: 401,
            description:
              'X-API-Key missing, invalid, malformed, expired or revoked, or a console session cookie forged, expired or signed out (one body for each)',
            shared: 'Unauthenticated' as const,
          }),
    (typeof route.auth === 'object' || Boolean(route.billable) || (route.auth !== 'public' && route.method !== 'get')) && {
      status: 403,
      description: forbiddenCauses(route),
    },
    Boolean(route.params) && {
      status: 404,
      description: "nothing with this id for the calling company (another company's resource is a 404 too)",
    },
    readsBody && { status: 413, description: 'request body over BODY_LIMIT_BYTES (1 MiB by default)', shared: 'PayloadTooLarge' },
    readsBody && { status: 415, description: 'a request body that is not application/json', shared: 'UnsupportedMediaType' },
    Boolean(route.fileBody) && {
      status: 415,
      description: `a request body in none of the file's media types (${Object.keys(route.fileBody?.contentTypes ?? {}).join(', ')})`,
    },
    Boolean(route.body || route.params || route.query) && {
      status: 422,
      description:
        'a body, path, query or header value the route does not accept (malformed JSON, bytes that are not UTF-8, text with U+0000 or a lone surrogate included): one {loc, msg, type} per problem, at most 50',
    },
    keyed && tooManyRequests(route),
    keyed && {
      status: 502,
      description: route.temporal
        ? 'Temporal (past its 2 s deadline) or Postgres unreachable: nothing was done, repeating is safe'
        : 'Postgres unreachable: nothing was done, repeating is safe',
    },
  ];
  return implied.filter((s): s is ImpliedStatus => s !== false);
}

/** The headers every success of a route carries because of what it is: a keyed answer states its key's rate. */
export function impliedSuccessHeaders(route: RouteSpec): Record<string, { $ref: string }> {
  return route.auth !== 'public' ? rateLimitHeaderRefs : {};
}
