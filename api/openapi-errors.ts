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
  429: { detail: 'quota_exceeded' },
  500: { detail: 'analysis processing failed; nothing was persisted and repeating the call is safe' },
  502: { detail: 'temporal is temporarily unavailable' },
};
