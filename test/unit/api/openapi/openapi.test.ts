import { allRoutes } from '../../../../api/create-app';
import { buildOpenApiDocument, toOpenApiPath } from '../../../../api/openapi/openapi';
import { schemaMeta } from '../../../../api/openapi/components';
import { tagDescriptions } from '../../../../api/openapi/tags';

/**
 * The reference holds every route to the same standard, new ones included: a description for the
 * operation and each parameter, named schemas ($ref) and an example for every body, defined tags.
 */
describe('the OpenAPI document of the route table', () => {
  const document = buildOpenApiDocument(allRoutes()) as any;
  const operations = allRoutes().map((route) => ({
    route,
    id: `${route.method.toUpperCase()} ${route.path}`,
    op: document.paths[toOpenApiPath(route.path)][route.method],
  }));

  it.each(operations.map((o) => [o.id, o]))('%s: described, with described parameters and defined tags', (_id, { route, op }: any) => {
    expect(op.description?.length ?? 0).toBeGreaterThan(20);
    for (const parameter of op.parameters) expect([parameter.name, parameter.description?.length > 5]).toEqual([parameter.name, true]);
    for (const tag of route.tags) expect(Object.keys(tagDescriptions)).toContain(tag);
  });

  it.each(operations.map((o) => [o.id, o]))('%s: every JSON body is a named component with an example', (_id, { op }: any) => {
    const bodies = [
      ...Object.entries<any>(op.requestBody?.content ?? {}).map(([type, media]) => [`request ${type}`, media]),
      ...Object.entries<any>(op.responses).flatMap(([status, r]) =>
        Object.entries<any>(r.content ?? {}).map(([type, media]) => [`${status} ${type}`, media]),
      ),
    ];
    for (const [where, media] of bodies) {
      expect([where, media.example !== undefined || Object.keys(media.examples ?? {}).length > 0]).toEqual([where, true]);
      if (!String(where).includes('text/'))
        expect([where, media.schema.$ref]).toEqual([where, expect.stringMatching(/^#\/components\/schemas\/\w+$/)]);
    }
  });

  it('gives examples that the schemas accept', () => {
    for (const route of allRoutes()) {
      const uses = [
        ...(route.body ? [[route.body, route.bodyExample]] : []),
        ...Object.values(route.responses)
          .filter((r) => r.schema)
          .map((r) => [r.schema, r.example]),
      ] as [any, unknown][];
      for (const [schema, given] of uses) {
        // Every example the schema carries, not only the one the operation shows.
        for (const example of given !== undefined ? [given] : (schemaMeta(schema).examples ?? [undefined])) {
          const parsed = schema.safeParse(example);
          expect([route.operationId, parsed.success ? 'ok' : parsed.error.issues]).toEqual([route.operationId, 'ok']);
        }
      }
    }
  });

  it.each(operations.filter((o) => o.route.auth !== 'public').map((o) => [o.id, o]))(
    "%s: states the key's rate on success, and a 429 says when to come back",
    (_id, { route, op }: any) => {
      const rateHeaders = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
      for (const [status, response] of Object.entries<any>(op.responses).filter(([s]) => s.startsWith('2')))
        expect([status, Object.keys(response.headers ?? {})]).toEqual([status, expect.arrayContaining(rateHeaders)]);
      const tooMany = op.responses['429'];
      expect(Object.keys(tooMany.headers)).toEqual(['Retry-After', ...rateHeaders]);
      const bodies = Object.values<any>(tooMany.content['application/json'].examples).map((e) => e.value.detail);
      expect(bodies).toContain('rate_limited');
      if (route.billable) expect(bodies).toContain('quota_exceeded');
    },
  );

  it('documents the webhook endpoint limit (422 limit_exceeded) and the test events per minute (429)', () => {
    const create = document.paths['/webhooks/endpoints'].post.responses['422'].content['application/json'].examples;
    expect(create.limit_exceeded.value.detail[0].type).toBe('limit_exceeded');
    expect(document.paths['/webhooks/endpoints/{endpoint_uuid}/test'].post.responses['429'].description).toContain(
      'test events per minute',
    );
  });

  it('defines every tag it uses and references only components it defines', () => {
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/(\w+)"/g))
      expect(Object.keys(document.components.schemas)).toContain(name);
    for (const [, name] of text.matchAll(/"#\/components\/responses\/(\w+)"/g))
      expect(Object.keys(document.components.responses)).toContain(name);
    for (const [, name] of text.matchAll(/"#\/components\/headers\/(\w+)"/g))
      expect(Object.keys(document.components.headers)).toContain(name);
    expect(document.tags.map((t: any) => t.name).sort()).toEqual([...new Set(allRoutes().flatMap((r) => r.tags))].sort());
  });

  it.each(operations.map((o) => [o.id, o]))(
    '%s: the edge statuses — 401 with WWW-Authenticate, 413 and 415 with a body, 502 when it calls Temporal',
    (_id, { route, op }: any) => {
      const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
      if (route.auth !== 'public')
        expect(op.responses['401']).toEqual(ref(route.auth === 'session' ? 'SessionUnauthenticated' : 'Unauthenticated'));
      else expect(op.responses['401']).toBeUndefined();
      expect([op.responses['413'], op.responses['415']]).toEqual(
        route.body
          ? [ref('PayloadTooLarge'), ref('UnsupportedMediaType')]
          : route.fileBody
            ? [undefined, expect.objectContaining({ description: expect.any(String) })]
            : [undefined, undefined],
      );
      if (route.temporal) expect(op.responses['502']).toBeDefined();
    },
  );

  it('shares the 401, 413 and 415 responses as named components with their headers', () => {
    const { Unauthenticated, PayloadTooLarge, UnsupportedMediaType } = document.components.responses;
    expect(Unauthenticated.headers['WWW-Authenticate'].schema.example).toBe('ApiKey realm="entity-risk", header="X-API-Key"');
    expect(UnsupportedMediaType.headers.Accept.schema.example).toBe('application/json');
    for (const [response, detail] of [
      [Unauthenticated, 'invalid_api_key'],
      [PayloadTooLarge, 'request body too large'],
      [UnsupportedMediaType, 'unsupported_media_type'],
    ]) {
      expect(response.content['application/json']).toEqual({ schema: { $ref: '#/components/schemas/Error' }, example: { detail } });
    }
  });
});
