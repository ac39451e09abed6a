/** The two error bodies of the service (DESIGN §3), as named components with examples. */
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
        properties: { loc: { type: 'array', items: { oneOf: [{ type: 'string' }, { type: 'integer' }] } }, msg: { type: 'string' }, type: { type: 'string' } },
      },
    },
  },
  examples: [{ detail: [{ loc: ['body', 'document'], msg: 'not a valid CPF or CNPJ', type: 'document_invalid' }] }],
};

/** What each status actually says (api/present-error.ts), for responses that do not give their own. */
export const errorExamples: Record<number, { detail: unknown }> = {
  401: { detail: 'invalid_api_key' },
  403: { detail: 'insufficient_scope' },
  404: { detail: 'not found' },
  409: { detail: 'the resource is not in a state that allows this' },
  413: { detail: 'request body too large' },
  415: { detail: 'unsupported media type: send application/json' },
  422: { detail: [{ loc: ['body', 'document'], msg: 'not a valid CPF or CNPJ', type: 'document_invalid' }] },
  429: { detail: 'rate_limited' },
  500: { detail: 'analysis processing failed; nothing was persisted and repeating the call is safe' },
  502: { detail: 'temporal is temporarily unavailable' },
};

/** The headers of rate limits (api/rate-limit-headers.ts), as named components. */
export const rateLimitHeaderComponents = {
  RetryAfter: { description: 'seconds until the limit that refused the request resets (at least 1): come back then', schema: { type: 'integer', minimum: 1 }, example: 1 },
  RateLimitLimit: { description: "units allowed in the window: the key's requests per second on every keyed answer; on a 429, the limit that refused it (a month's quota, an endpoint's test events per minute)", schema: { type: 'integer', minimum: 0 }, example: 50 },
  RateLimitRemaining: { description: 'units left in the window (0 on a 429)', schema: { type: 'integer', minimum: 0 }, example: 49 },
  RateLimitReset: { description: 'seconds until the window resets', schema: { type: 'integer', minimum: 1 }, example: 1 },
};

const headerRef = (name: keyof typeof rateLimitHeaderComponents) => ({ $ref: `#/components/headers/${name}` });

/** On every answer to a key: the state of its request rate. */
export const rateLimitHeaderRefs = { 'RateLimit-Limit': headerRef('RateLimitLimit'), 'RateLimit-Remaining': headerRef('RateLimitRemaining'), 'RateLimit-Reset': headerRef('RateLimitReset') };

/** On a 429: when to come back, and the state of the limit that refused. */
export const tooManyRequestsHeaderRefs = { 'Retry-After': headerRef('RetryAfter'), ...rateLimitHeaderRefs };

/** The two 429 bodies (api/present-error.ts), as named examples. */
export const rateLimitedExamples = {
  rate_limited: { summary: 'a rate limit: too many requests in its window', value: { detail: 'rate_limited' } },
  quota_exceeded: { summary: "this month's quota of the operation is spent", value: { detail: 'quota_exceeded' } },
};
