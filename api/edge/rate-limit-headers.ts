/**
 * The rate-limit response fields of the IETF httpapi draft in its three-field form
 * (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` in delta-seconds), as GitHub,
 * Okta and most clients read them, plus `Retry-After` on a 429. One helper for every 429 of the
 * service: the monthly quota today (api/edge/present-error.ts), per-key request rates tomorrow.
 */
export type RateLimitState = {
  /** Units allowed in the window. */
  limit: number;
  /** Units left in the window (0 on a 429). */
  remaining: number;
  /** When the window resets. */
  resetsAt: Date;
};

/** Whole seconds until `resetsAt`, at least 1 (a client must not retry at once). */
export function secondsUntil(resetsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
}

export function rateLimitHeaders(state: RateLimitState, now: Date): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(Math.max(0, state.remaining)),
    'RateLimit-Reset': String(secondsUntil(state.resetsAt, now)),
  };
}

/** The headers of a 429: when to come back, and the state of the limit that refused. */
export function tooManyRequestsHeaders(state: RateLimitState, now: Date): Record<string, string> {
  return { 'Retry-After': String(secondsUntil(state.resetsAt, now)), ...rateLimitHeaders(state, now) };
}
