import {
  AmbiguousSubjectError,
  ConflictError,
  DependencyUnavailableError,
  FeatureNotInPlanError,
  InsufficientScopeError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  QuotaExceededError,
  RateLimitedError,
  RouteNotFoundError,
  UnauthenticatedError,
  UnsupportedMediaTypeError,
  CsrfRejectedError,
  SignInFailedError,
  SignInNotConfiguredError,
  SignInRefusedError,
  ValidationError,
  WorkflowFailedError,
  UpstreamRejectedError,
} from '../../../../domain/errors';
import { API_KEY_CHALLENGE, presentError } from '../../../../api/edge/present-error';

describe('presentError: the one mapping from errors to HTTP', () => {
  it.each([
    [new UnauthenticatedError(), 401, { detail: 'invalid_api_key' }],
    [new UnauthenticatedError('session'), 401, { detail: 'invalid_session' }],
    [new CsrfRejectedError(), 403, { detail: 'csrf_token_invalid' }],
    [new SignInRefusedError('no_role'), 403, { detail: 'the identity provider gives this person no role of this service' }],
    [new SignInRefusedError('unknown_company'), 403, { detail: 'the identity provider names a company this service does not know' }],
    [new SignInFailedError(), 400, { detail: 'the sign-in could not be completed; start again' }],
    [new SignInNotConfiguredError(), 503, { detail: 'sign-in is not configured on this server' }],
    [new InsufficientScopeError('webhooks:write'), 403, { detail: 'insufficient_scope' }],
    [new FeatureNotInPlanError('analyses'), 403, { detail: 'feature_not_in_plan' }],
    [new QuotaExceededError('analyses'), 429, { detail: 'quota_exceeded' }],
    [new NotFoundError('analysis'), 404, { detail: 'analysis not found' }],
    [new RouteNotFoundError(), 404, { detail: 'not found' }],
    [
      new ConflictError('identity resolution of the subject is ambiguous'),
      409,
      { detail: 'identity resolution of the subject is ambiguous' },
    ],
    [
      new AmbiguousSubjectError([
        { entity_id: 7, entity_type: 'person', display_name: 'MARIA SILVA' },
        { entity_id: 9, entity_type: 'person', display_name: 'MARIA DA SILVA' },
      ]),
      409,
      {
        detail: "subject identity is ambiguous: 2 entities hold this document; retry with one of the candidates' entity_id",
        candidates: [
          { entity_id: 7, entity_type: 'person', display_name: 'MARIA SILVA' },
          { entity_id: 9, entity_type: 'person', display_name: 'MARIA DA SILVA' },
        ],
      },
    ],
    [new PayloadTooLargeError(), 413, { detail: 'request body too large' }],
    [new UnsupportedMediaTypeError('application/json'), 415, { detail: 'unsupported_media_type' }],
    [
      ValidationError.single(['body', 'document'], 'not a valid CPF or CNPJ', 'document_invalid'),
      422,
      { detail: [{ loc: ['body', 'document'], msg: 'not a valid CPF or CNPJ', type: 'document_invalid' }] },
    ],
    [new WorkflowFailedError('boom'), 500, { detail: 'analysis processing failed; nothing was persisted and repeating the call is safe' }],
    [new WorkflowFailedError('boom', 'report generation failed'), 500, { detail: 'report generation failed' }],
    [
      new UpstreamRejectedError('the narrative writer cited facts absent from the report'),
      502,
      { detail: 'the narrative writer cited facts absent from the report' },
    ],
    [new DependencyUnavailableError('temporal'), 502, { detail: 'temporal is temporarily unavailable' }],
  ])('%s → %i', (error, status, body) => {
    const response = presentError(error);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
  });

  it('says when to come back after a rate limit: Retry-After and RateLimit-* from the window', () => {
    const response = presentError(
      new RateLimitedError('requests_per_second', { limit: 50, resetInMs: 1_400 }),
      new Date('2026-11-30T23:00:00.000Z'),
    );
    expect(response).toEqual({
      status: 429,
      body: { detail: 'rate_limited' },
      headers: { 'Retry-After': '2', 'RateLimit-Limit': '50', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '2' },
    });
  });

  it('adds Retry-After and RateLimit-* to a quota 429', () => {
    const now = new Date('2026-11-30T23:00:00.000Z');
    const response = presentError(new QuotaExceededError('analyses', { limit: 50, resetsAt: new Date('2026-12-01T00:00:00.000Z') }), now);
    expect(response.headers).toEqual({
      'Retry-After': '3600',
      'RateLimit-Limit': '50',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '3600',
    });
  });

  it('challenges every 401 with WWW-Authenticate naming the X-API-Key scheme', () => {
    expect(presentError(new UnauthenticatedError())).toEqual({
      status: 401,
      body: { detail: 'invalid_api_key' },
      headers: { 'WWW-Authenticate': API_KEY_CHALLENGE },
    });
    // RFC 9110 §11.6.1: a challenge is an auth-scheme token, then auth-params; not Bearer, which would send clients to Authorization.
    expect(API_KEY_CHALLENGE).toMatch(/^ApiKey realm="[^"]+", header="X-API-Key"$/);
  });

  it('names the accepted media type in Accept on a 415', () => {
    expect(presentError(new UnsupportedMediaTypeError('application/json')).headers).toEqual({ Accept: 'application/json' });
  });

  const issue = (i: number) => ({ loc: ['body', `k${i}`], msg: 'unknown property', type: 'extra_forbidden' });
  it.each([
    [0, 0, undefined],
    [1, 1, undefined],
    [50, 50, undefined],
    [51, 50, '2 more problems not listed'],
    [100_000, 50, '99951 more problems not listed'],
  ])('lists %i problems as %i items', (count, listed, summary) => {
    const issues = Array.from({ length: count }, (_, i) => issue(i));
    const body = presentError(new ValidationError(issues)).body as { detail: { loc: unknown[]; msg: string; type: string }[] };
    expect(body.detail).toHaveLength(listed);
    if (summary) {
      expect(body.detail.slice(0, 49)).toEqual(issues.slice(0, 49));
      expect(body.detail[49]).toEqual({ loc: ['body'], msg: summary, type: 'too_many_problems' });
    } else expect(body.detail).toEqual(issues);
    expect(JSON.stringify(body).length).toBeLessThan(5_000);
  });

  it('adds Allow to 405', () => {
    expect(presentError(new MethodNotAllowedError(['GET', 'HEAD']))).toEqual({
      status: 405,
      body: { detail: 'method not allowed' },
      headers: { Allow: 'GET, HEAD' },
    });
  });

  it.each([
    ['a refused Postgres connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a knex pool timeout', Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' })],
    ['an unavailable Temporal (gRPC 14)', Object.assign(new Error('14 UNAVAILABLE'), { name: 'ServiceError', cause: { code: 14 } })],
    ['a wrapped cause', Object.assign(new Error('outer'), { cause: Object.assign(new Error('inner'), { code: 'ECONNRESET' }) })],
  ])('maps %s to 502', (_label, error) => {
    expect(presentError(error)).toEqual({ status: 502, body: { detail: 'a dependency is temporarily unavailable' } });
  });

  it('hides anything else behind a plain 500, never the message or stack', () => {
    const response = presentError(new TypeError('secret internal detail at /srv/app.ts:12'));
    expect(response).toEqual({ status: 500, body: { detail: 'internal error' } });
    expect(JSON.stringify(response)).not.toContain('secret');
  });
});
