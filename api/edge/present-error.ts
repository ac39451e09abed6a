import {
  AmbiguousSubjectError,
  DomainError,
  type QuotaExceededError,
  type RateLimitedError,
  type SubjectCandidate,
  type UnsupportedMediaTypeError,
  ValidationIssue,
} from '../../domain/errors';
import { tooManyRequestsHeaders } from './rate-limit-headers';
import { listedIssues } from './validation';

export type HttpErrorResponse = {
  status: number;
  body: { detail: string; candidates?: SubjectCandidate[] } | { detail: ValidationIssue[] };
  headers?: Record<string, string>;
};

const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  '57P01',
  '57P03',
  '08001',
  '08006',
]);

/** Postgres or Temporal out of reach: the caller may try again later (502), nothing was done. */
function isDependencyFailure(error: any): boolean {
  if (!error || typeof error !== 'object') return false;
  if (error.name === 'KnexTimeoutError') return true;
  if (typeof error.code === 'string' && connectionErrorCodes.has(error.code)) return true;
  // @temporalio/client wraps gRPC UNAVAILABLE (14) and DEADLINE_EXCEEDED (4) in a ServiceError.
  const grpcCode = error.code ?? error.cause?.code;
  if ((error.name === 'ServiceError' || error.name === 'TransportError') && (grpcCode === 14 || grpcCode === 4 || grpcCode === undefined))
    return true;
  if (error.cause && error.cause !== error) return isDependencyFailure(error.cause);
  return false;
}

/**
 * The challenge of every 401 (RFC 9110 §11.6.1 requires one): the key goes in `X-API-Key`,
 * not in `Authorization`, so the scheme is named for it rather than claiming `Bearer`.
 */
export const API_KEY_CHALLENGE = 'ApiKey realm="entity-risk", header="X-API-Key"';

/** A monthly quota spent: come back when the period resets. */
function quotaHeaders(error: QuotaExceededError, now: Date): Record<string, string> | undefined {
  return error.quota ? tooManyRequestsHeaders({ limit: error.quota.limit, remaining: 0, resetsAt: error.quota.resetsAt }, now) : undefined;
}

/** A short window full (a key's request rate, an endpoint's test events): come back when it turns. */
function rateLimitedHeaders(error: RateLimitedError, now: Date): Record<string, string> {
  return tooManyRequestsHeaders(
    { limit: error.window.limit, remaining: 0, resetsAt: new Date(now.getTime() + error.window.resetInMs) },
    now,
  );
}

/** The single mapping from thrown errors to HTTP responses. Never exposes internals. */
export function presentError(error: unknown, now: Date = new Date()): HttpErrorResponse {
  if (error instanceof DomainError) {
    const e = error as any;
    switch (error.kind) {
      case 'validation':
        return { status: 422, body: { detail: listedIssues(e.issues) } };
      case 'unauthenticated':
        return { status: 401, body: { detail: error.message }, headers: { 'WWW-Authenticate': API_KEY_CHALLENGE } };
      case 'csrf_rejected':
        return { status: 403, body: { detail: 'csrf_token_invalid' } };
      case 'sign_in_refused':
        return { status: 403, body: { detail: error.message } };
      case 'sign_in_failed':
        return { status: 400, body: { detail: error.message } };
      case 'sign_in_not_configured':
        return { status: 503, body: { detail: error.message } };
      case 'insufficient_scope':
        return { status: 403, body: { detail: 'insufficient_scope' } };
      case 'four_eyes_required':
        return { status: 403, body: { detail: 'four_eyes_required' } };
      case 'person_required':
        return { status: 403, body: { detail: 'person_required' } };
      case 'feature_not_in_plan':
        return { status: 403, body: { detail: 'feature_not_in_plan' } };
      case 'quota_exceeded':
        return { status: 429, body: { detail: 'quota_exceeded' }, headers: quotaHeaders(error as QuotaExceededError, now) };
      case 'rate_limited':
        return { status: 429, body: { detail: 'rate_limited' }, headers: rateLimitedHeaders(error as RateLimitedError, now) };
      case 'not_found':
        return { status: 404, body: { detail: error.message } };
      case 'route_not_found':
        return { status: 404, body: { detail: 'not found' } };
      case 'method_not_allowed':
        return { status: 405, body: { detail: 'method not allowed' }, headers: { Allow: e.allowed.join(', ') } };
      case 'conflict':
        // detail stays a string (docs/api-conventions.md); an ambiguous subject adds who the caller may mean.
        return {
          status: 409,
          body:
            error instanceof AmbiguousSubjectError ? { detail: error.message, candidates: error.candidates } : { detail: error.message },
        };
      case 'payload_too_large':
        return { status: 413, body: { detail: 'request body too large' } };
      case 'unsupported_media_type':
        // RFC 9110 §12.5.1: Accept in a response names the media types a request may use.
        return {
          status: 415,
          body: { detail: 'unsupported_media_type' },
          headers: { Accept: (error as UnsupportedMediaTypeError).accepted },
        };
      case 'workflow_failed':
        return {
          status: 500,
          body: { detail: e.publicDetail ?? 'analysis processing failed; nothing was persisted and repeating the call is safe' },
        };
      case 'upstream_rejected':
        return { status: 502, body: { detail: error.message } };
      case 'dependency_unavailable':
        return { status: 502, body: { detail: `${e.dependency} is temporarily unavailable` } };
    }
  }
  if (isDependencyFailure(error)) {
    return { status: 502, body: { detail: 'a dependency is temporarily unavailable' } };
  }
  return { status: 500, body: { detail: 'internal error' } };
}
