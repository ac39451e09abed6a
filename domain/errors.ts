/**
 * The one error vocabulary of the service. Domain code, activities and the API throw these;
 * api/edge/present-error.ts maps them to HTTP in one pure function.
 */
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

export abstract class DomainError extends Error {
  abstract readonly kind: string;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** A 422 lists at most this many problems (api/edge/present-error.ts): a body of a million mistakes answers in kilobytes. */
export const MAX_LISTED_ISSUES = 50;

export class ValidationError extends DomainError {
  readonly kind = 'validation';
  constructor(readonly issues: ValidationIssue[]) {
    super(
      issues
        .slice(0, MAX_LISTED_ISSUES)
        .map((i) => `${i.loc.join('.')}: ${i.msg}`)
        .join('; '),
    );
  }
  static single(loc: (string | number)[], msg: string, type = 'value_error'): ValidationError {
    return new ValidationError([{ loc, msg, type }]);
  }
}

/**
 * No valid credential: a missing, malformed, unknown, expired or revoked key (`api_key`), or a
 * session cookie that is forged, expired or signed out (`session`): one body each, whatever the cause.
 */
export class UnauthenticatedError extends DomainError {
  readonly kind = 'unauthenticated';
  constructor(readonly credential: 'api_key' | 'session' = 'api_key') {
    super(credential === 'session' ? 'invalid_session' : 'invalid_api_key');
  }
}

/** A write by a signed-in person without the session's CSRF token in `X-CSRF-Token` (docs/sign-in.md). */
export class CsrfRejectedError extends DomainError {
  readonly kind = 'csrf_rejected';
  constructor() {
    super('csrf_token_invalid');
  }
}

/**
 * The identity provider signed the person in, but this service does not let them in: no known
 * role in the roles claim, or a company this service does not know (403).
 */
export class SignInRefusedError extends DomainError {
  readonly kind = 'sign_in_refused';
  constructor(readonly reason: 'no_role' | 'unknown_company' | 'deactivated') {
    super(
      reason === 'no_role'
        ? 'the identity provider gives this person no role of this service'
        : reason === 'deactivated'
          ? 'this person was deactivated in this service'
          : 'the identity provider names a company this service does not know',
    );
  }
}

/** A sign-in that cannot complete: a callback without its state, a state or code that does not match, an ID token that does not validate (400). */
export class SignInFailedError extends DomainError {
  readonly kind = 'sign_in_failed';
  constructor(message = 'the sign-in could not be completed; start again') {
    super(message);
  }
}

/** Sign-in is not configured (no OIDC_ISSUER_URL): API keys still work (503). */
export class SignInNotConfiguredError extends DomainError {
  readonly kind = 'sign_in_not_configured';
  constructor() {
    super('sign-in is not configured on this server');
  }
}

export class InsufficientScopeError extends DomainError {
  readonly kind = 'insufficient_scope';
  constructor(readonly requiredScope: string) {
    super('insufficient_scope');
  }
}

/** An approval by the actor who decided (docs/people-and-cases.md, "Four eyes"): a second person must approve. */
export class FourEyesRequiredError extends DomainError {
  readonly kind = 'four_eyes_required';
  constructor() {
    super('four_eyes_required');
  }
}

/**
 * An approval by an API key that belongs to no person (docs/people-and-cases.md, "Four eyes"): a
 * company key may decide, but only a person — signed in, or through their personal key — approves.
 */
export class PersonRequiredError extends DomainError {
  readonly kind = 'person_required';
  constructor() {
    super('person_required');
  }
}

export class FeatureNotInPlanError extends DomainError {
  readonly kind = 'feature_not_in_plan';
  constructor(readonly feature: string) {
    super('feature_not_in_plan');
  }
}

export class QuotaExceededError extends DomainError {
  readonly kind = 'quota_exceeded';
  /** `quota`: the plan's limit and when the period resets (the 429's Retry-After and RateLimit-* headers). */
  constructor(
    readonly operation: string,
    readonly quota?: { limit: number; resetsAt: Date },
  ) {
    super('quota_exceeded');
  }
}

/**
 * Too many requests in a short window (a key's request rate, an endpoint's test events): the
 * 429 says when to come back (Retry-After) and the state of the limit (RateLimit-*).
 */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate_limited';
  constructor(
    readonly limit: string,
    readonly window: { limit: number; resetInMs: number },
  ) {
    super('rate_limited');
  }
}

/** Missing, or owned by another company: the two are indistinguishable by design. */
export class NotFoundError extends DomainError {
  readonly kind = 'not_found';
  constructor(readonly resource: string) {
    super(`${resource} not found`);
  }
}

export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** An entity a caller may name instead of an ambiguous document. */
export type SubjectCandidate = { entity_id: number; entity_type: string; display_name: string };

/** Several canonical entities hold the document: 409 with the candidates, so the caller retries with an entity_id. */
export class AmbiguousSubjectError extends ConflictError {
  constructor(readonly candidates: SubjectCandidate[]) {
    super(`subject identity is ambiguous: ${candidates.length} entities hold this document; retry with one of the candidates' entity_id`);
  }
}

export class WorkflowFailedError extends DomainError {
  readonly kind = 'workflow_failed';
  /** The public 500 detail; the analyses' wording when absent. */
  constructor(
    message: string,
    readonly publicDetail?: string,
  ) {
    super(message);
  }
}

/** A dependency answered, but with something the service must not keep (e.g. a narrative citing unknown facts): 502. */
export class UpstreamRejectedError extends DomainError {
  readonly kind = 'upstream_rejected';
}

export class DependencyUnavailableError extends DomainError {
  readonly kind = 'dependency_unavailable';
  constructor(readonly dependency: 'temporal' | 'postgres' | string) {
    super(`${dependency} unavailable`);
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly kind = 'payload_too_large';
  constructor() {
    super('request body too large');
  }
}

/** A body in a media type the route does not read (it reads application/json only). */
export class UnsupportedMediaTypeError extends DomainError {
  readonly kind = 'unsupported_media_type';
  constructor(readonly accepted: string) {
    super('unsupported_media_type');
  }
}

export class RouteNotFoundError extends DomainError {
  readonly kind = 'route_not_found';
  constructor() {
    super('not found');
  }
}

export class MethodNotAllowedError extends DomainError {
  readonly kind = 'method_not_allowed';
  constructor(readonly allowed: string[]) {
    super('method not allowed');
  }
}
