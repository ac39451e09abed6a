import { allRoutes } from '../../../../api/create-app';
import { buildOpenApiDocument, toOpenApiPath } from '../../../../api/openapi/openapi';
import { impliedStatuses, impliedSuccessHeaders } from '../../../../api/openapi/statuses';
import type { RouteSpec } from '../../../../api/edge/routing';

/**
 * Every operation of the reference documents every status its route can answer, derived from
 * what the route is (keyed, scoped, billable, with a body, path parameters…), and its parameters
 * and patterns are ones a fuzzer reads as the validator does (docs/api-conventions.md).
 */
const document = buildOpenApiDocument(allRoutes()) as any;
const operations = allRoutes().map((route) => ({
  route,
  id: `${route.method.toUpperCase()} ${route.path}`,
  op: document.paths[toOpenApiPath(route.path)][route.method],
}));
const route = (spec: Partial<RouteSpec>) =>
  ({
    method: 'get',
    path: '/x',
    operationId: 'x',
    summary: 'x',
    tags: [],
    auth: 'public',
    responses: {},
    handler: async () => ({ status: 200 }),
    ...spec,
  }) as RouteSpec;
// A status every route of its kind shares is a reference to `#/components/responses/<name>`.
const resolve = (response: any) => (response.$ref ? document.components.responses[response.$ref.split('/').pop()] : response);
const statusesOf = (spec: Partial<RouteSpec>) => impliedStatuses(route(spec)).map((s) => s.status);

describe('the statuses a route answers because of what it is', () => {
  it.each([
    ['a public read', {}, []],
    ['a keyed read', { auth: 'any-key' }, [401, 429, 502]],
    ['a scoped read with a path parameter', { auth: { scope: 'analyses:read' }, params: {} }, [401, 403, 404, 422, 429, 502]],
    ['a scoped list with a query', { auth: { scope: 'analyses:read' }, query: {} }, [401, 403, 422, 429, 502]],
    [
      'a billable create with a body',
      { method: 'post', auth: { scope: 'analyses:write' }, billable: { feature: 'analyses', operation: 'analyses' }, body: {} },
      [401, 403, 413, 415, 422, 429, 502],
    ],
    [
      'a bodyless action (a body sent to it is neither read nor refused)',
      { method: 'post', auth: { scope: 'webhooks:write' }, params: {} },
      [401, 403, 404, 422, 429, 502],
    ],
  ] as const)('%s', (_name, spec, expected) => {
    expect(statusesOf(spec as Partial<RouteSpec>)).toEqual(expected);
  });

  it.each([
    ['a keyed read', { auth: 'any-key' }, ['rate_limited']],
    [
      'a billable create',
      { method: 'post', auth: { scope: 'analyses:write' }, billable: { feature: 'analyses', operation: 'analyses' } },
      ['rate_limited', 'quota_exceeded'],
    ],
  ] as const)('%s: its 429 names each cause and says when to come back; its successes state the rate', (_name, spec, causes) => {
    const tooMany = impliedStatuses(route(spec as Partial<RouteSpec>)).find((s) => s.status === 429);
    expect(Object.keys(tooMany?.examples ?? {})).toEqual(causes);
    expect(Object.keys(tooMany?.headers ?? {})).toEqual(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(Object.keys(impliedSuccessHeaders(route(spec as Partial<RouteSpec>)))).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
  });

  it('a public route states no rate', () => {
    expect(impliedSuccessHeaders(route({}))).toEqual({});
  });
});

describe('every operation of the reference', () => {
  it.each(operations.map((o) => [o.id, o]))('%s documents every status its route can answer', (_id, { route: r, op }: any) => {
    const documented = Object.keys(op.responses);
    const keyed = r.auth !== 'public';
    const expected = [
      ...(keyed ? ['401', '429', '502'] : []),
      ...(typeof r.auth === 'object' || r.billable || (r.auth !== 'public' && r.method !== 'get') ? ['403'] : []),
      ...(r.params ? ['404'] : []),
      ...(r.body ? ['413', '415', '422'] : []),
      ...(r.body || r.params || r.query ? ['422'] : []),
      '400',
      '431',
    ];
    expect(documented).toEqual(expect.arrayContaining(expected));
    // A success, or for the browser's steps of the sign-in (docs/sign-in.md), the redirect that is theirs.
    expect(documented.some((s) => /^2\d\d$/.test(s)) || (r.path.startsWith('/auth/') && documented.includes('302'))).toBe(true);
    // 500 is a bug unless the route answers it by design (a workflow that failed).
    expect(documented.includes('500')).toBe(Boolean(r.responses[500]));
    if (keyed) expect(resolve(op.responses['401']).headers['WWW-Authenticate']).toBeDefined();
    if (r.body) expect(resolve(op.responses['415']).headers.Accept).toBeDefined();
    if (keyed)
      expect(Object.keys(op.responses['429'].headers)).toEqual([
        'Retry-After',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
      ]);
    for (const status of documented.filter((s) => /^[45]\d\d$/.test(s) && !['400', '431', '503'].includes(s))) {
      expect([status, resolve(op.responses[status]).content['application/json'].schema.$ref]).toEqual([
        status,
        `#/components/schemas/${status === '422' ? 'ValidationError' : 'Error'}`,
      ]);
    }
  });

  it.each(operations.map((o) => [o.id, o]))('%s: integer parameters are bounded within 2^53 − 1, a limit from 1', (_id, { op }: any) => {
    for (const parameter of op.parameters.filter((p: any) => p.schema.type === 'integer')) {
      expect([
        parameter.name,
        parameter.schema.maximum <= Number.MAX_SAFE_INTEGER,
        typeof (parameter.schema.minimum ?? parameter.schema.exclusiveMinimum),
      ]).toEqual([parameter.name, true, 'number']);
    }
    for (const limit of op.parameters.filter((p: any) => p.name === 'limit'))
      expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: expect.any(Number) });
  });

  it('names 405 with Allow for a method a path does not have', () => {
    expect(document.info.description).toMatch(/405.*Allow/);
  });
});

describe('every pattern a request is generated from', () => {
  const patterns: string[] = [];
  const seen = new Set<string>();
  const collect = (schema: any): void => {
    if (Array.isArray(schema)) return schema.forEach(collect);
    if (!schema || typeof schema !== 'object') return;
    if (typeof schema.$ref === 'string') {
      if (seen.has(schema.$ref)) return;
      seen.add(schema.$ref);
      return collect(document.components.schemas[schema.$ref.split('/').pop()]);
    }
    if (typeof schema.pattern === 'string') patterns.push(schema.pattern);
    Object.values(schema).forEach(collect);
  };
  for (const { op } of operations) collect([op.parameters.map((p: any) => p.schema), op.requestBody ?? {}]);

  it('is read the same by ECMA-262 (u flag) and by Python, which Schemathesis generates with', () => {
    expect(patterns.length).toBeGreaterThan(10);
    for (const pattern of new Set(patterns)) {
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
      // \d \w \s \b match non-ASCII in Python (and Rust) but not in ECMA-262; [\s\S] (any character) reads the same.
      expect([pattern, pattern.replaceAll('[\\s\\S]', '').match(/\\[dDwWsSbB]/)]).toEqual([pattern, null]);
      expect([pattern, pattern.match(/\(\?<[=!]|\(\?<\w|\\[pPk]/)]).toEqual([pattern, null]);
    }
  });
});
