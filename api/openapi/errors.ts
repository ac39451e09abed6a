import { API_KEY_CHALLENGE } from '../edge/present-error';

/** The two error bodies of the service (docs/api-conventions.md), as named components with examples. */
export const errorSchema = {
  type: 'object',
  description: 'Every error but 422: a stable public message.',
  required: ['detail'],
  properties: { detail: { type: 'string' } },
  examples: [{ detail: 'analysis not found' }],
};

export const validationErrorSchema = {
  type: 'object',
  description: 'A 422: one object per problem; `loc` starts with body, path or query.',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      items: {
        type: 'object',
        required: ['loc', 'msg', 'type'],
        properties: {
          loc: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
          msg: { type: 'string' },
          type: { type: 'string' },
        },
      },
    },
  },
  examples: [{ detail: [{ loc: ['body', 'document'], msg: 'not a valid CPF or CNPJ', type: 'document_invalid' }] }],
};

/** What each status actually says (api/edge/present-error.ts), for responses that do not give their own. */
export const errorExamples: Record<number, { detail: unknown }> = {
  401: { detail: 'invalid_api_key' },
  403: { detail: 'insufficient_scope' },
  404: { detail: 'not found' },
  409: { detail: 'the resource is not in a state that allows this' },
  413: { detail: 'request body too large' },
  415: { detail: 'unsupported_media_type' },
  422: { detail: [{ loc: ['body', 'document'], msg: 'not a valid CPF or CNPJ', type: 'document_invalid' }] },
  429: { detail: 'rate_limited' },
  500: { detail: 'analysis processing failed; nothing was persisted and repeating the call is safe' },
  502: { detail: 'temporal is temporarily unavailable' },
};

const errorContent = (detail: string) => ({ 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { detail } } });

/**
 * Responses every route of a kind shares (`#/components/responses/<name>`), added by
 * api/openapi/operation.ts: 401 on every route with a key, 413 and 415 on every route with a body.
 */
export const sharedErrorResponses = {
  Unauthenticated: {
    description: 'X-API-Key missing, invalid, malformed, expired or revoked: one body for all, checked before the body is read',
    headers: {
      'WWW-Authenticate': {
        description: `the challenge: \`${API_KEY_CHALLENGE}\` (the key goes in the X-API-Key header)`,
        schema: { type: 'string', example: API_KEY_CHALLENGE },
      },
    },
    content: errorContent('invalid_api_key'),
  },
  SessionUnauthenticated: {
    description:
      'no valid console session: the session cookie is missing, forged, expired or signed out; one body for all (docs/sign-in.md)',
    headers: {
      'WWW-Authenticate': {
        description: `the challenge: \`${API_KEY_CHALLENGE}\``,
        schema: { type: 'string', example: API_KEY_CHALLENGE },
      },
    },
    content: errorContent('invalid_session'),
  },
  PayloadTooLarge: {
    description: 'the body is over the size limit (BODY_LIMIT_BYTES, 1 MiB by default)',
    content: errorContent('request body too large'),
  },
  UnsupportedMediaType: {
    description: 'a body that is not `application/json` (UTF-8), or a body without a Content-Type',
    headers: {
      Accept: { description: 'the media type the route reads: application/json', schema: { type: 'string', example: 'application/json' } },
    },
    content: errorContent('unsupported_media_type'),
  },
} as const;

export const sharedResponseRef = (name: keyof typeof sharedErrorResponses) => ({ $ref: `#/components/responses/${name}` });

/** The headers of rate limits (api/edge/rate-limit-headers.ts), as named components. */
export const rateLimitHeaderComponents = {
  RetryAfter: {
    description: 'seconds until the limit that refused the request resets (at least 1): come back then',
    schema: { type: 'integer', minimum: 1 },
    example: 1,
  },
  RateLimitLimit: {
    description:
      "units allowed in the window: the key's requests per second on every keyed answer; on a 429, the limit that refused it (a month's quota, an endpoint's test events per minute)",
    schema: { type: 'integer', minimum: 0 },
    example: 50,
  },
  RateLimitRemaining: { description: 'units left in the window (0 on a 429)', schema: { type: 'integer', minimum: 0 }, example: 49 },
  RateLimitReset: { description: 'seconds until the window resets', schema: { type: 'integer', minimum: 1 }, example: 1 },
};

const headerRef = (name: keyof typeof rateLimitHeaderComponents) => ({ $ref: `#/components/headers/${name}` });

/** On every answer to a key: the state of its request rate. */
export const rateLimitHeaderRefs = {
  'RateLimit-Limit': headerRef('RateLimitLimit'),
  'RateLimit-Remaining': headerRef('RateLimitRemaining'),
  'RateLimit-Reset': headerRef('RateLimitReset'),
};

/** On a 429: when to come back, and the state of the limit that refused. */
export const tooManyRequestsHeaderRefs = { 'Retry-After': headerRef('RetryAfter'), ...rateLimitHeaderRefs };

/** The two 429 bodies (api/edge/present-error.ts), as named examples. */
export const rateLimitedExamples = {
  rate_limited: { summary: 'a rate limit: too many requests in its window', value: { detail: 'rate_limited' } },
  quota_exceeded: { summary: "this month's quota of the operation is spent", value: { detail: 'quota_exceeded' } },
};
