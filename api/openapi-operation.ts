import { z } from 'zod';
import { errorExamples, rateLimitHeaderRefs, rateLimitedExamples, sharedResponseRef, tooManyRequestsHeaderRefs } from './openapi-errors';
import { createComponentCollector, schemaMeta } from './openapi-components';
import type { RouteSpec } from './routing';

/** One operation of the OpenAPI document: its parameters and responses, from a route of the table. */
function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const shape = (schema as any).shape ?? (schema as any)._zod?.def?.shape;
  return (shape ?? {}) as Record<string, z.ZodType>;
}

/** The example of a body: the route's own, else the first of the schema's `.meta({ examples })`. */
export function exampleOf(schema: z.ZodType | undefined, given: unknown): unknown {
  return given !== undefined ? given : schema ? schemaMeta(schema).examples?.[0] : undefined;
}

type Collector = ReturnType<typeof createComponentCollector>;

export function parametersOf(route: RouteSpec, components: Collector): unknown[] {
  const parameters: unknown[] = [];
  const add = (location: 'path' | 'query', schema: z.ZodType | undefined) => {
    for (const [name, field] of Object.entries(objectShape(schema))) {
      const json = components.use(field, 'input');
      const required = location === 'path' || !field.safeParse(undefined).success;
      parameters.push({ name, in: location, required, description: json.description ?? schemaMeta(field).description, schema: json });
    }
  };
  add('path', route.params);
  add('query', route.query);
  for (const [name, header] of Object.entries(route.headers ?? {})) parameters.push({ name, in: 'header', required: header.required ?? false, description: header.description, schema: { type: 'string' } });
  if (route.etag) parameters.push({ name: 'If-None-Match', in: 'header', required: false, description: 'an ETag of this resource received before: 304 without a body when it is still current', schema: { type: 'string' } });
  return parameters;
}

type ResponseSpec = RouteSpec['responses'][number];

function errorResponse(status: number, description: string, given: Pick<ResponseSpec, 'example' | 'examples'> = {}) {
  const schema = status === 422 ? { $ref: '#/components/schemas/ValidationError' } : { $ref: '#/components/schemas/Error' };
  const sample = given.examples ? { examples: given.examples } : { example: given.example ?? errorExamples[status] ?? { detail: description } };
  return { description, content: { 'application/json': { schema, ...sample } } };
}

/**
 * Every keyed request counts against its key's request rate (api/routing.ts): its answers state
 * the rate, and a 429 says when to come back. A billable route's 429 may also be its quota.
 */
function tooManyRequests(route: RouteSpec, given: ResponseSpec | undefined) {
  const examples = { rate_limited: rateLimitedExamples.rate_limited, ...(route.billable ? { quota_exceeded: rateLimitedExamples.quota_exceeded } : {}) };
  const description = given?.description ?? (route.billable ? "rate_limited: the key's requests per second; or quota_exceeded: this month's quota of the operation is spent" : "rate_limited: the key's requests per second");
  return { ...errorResponse(429, description, given?.example !== undefined ? given : { examples: given?.examples ?? examples }), headers: tooManyRequestsHeaderRefs };
}

export function responsesOf(route: RouteSpec, components: Collector): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const etag = route.etag && status === '200' ? { ETag: { description: 'present once the resource is final', schema: { type: 'string' } } } : {};
    const rate = route.auth !== 'public' && status.startsWith('2') ? rateLimitHeaderRefs : {};
    const headers = { ...etag, ...rate };
    const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
    if (response.schema) {
      const media = { schema: components.use(response.schema, 'output'), example: exampleOf(response.schema, response.example) };
      responses[status] = { description: response.description, ...withHeaders, content: { [response.contentType ?? 'application/json']: media } };
    } else {
      responses[status] = Number(status) >= 400 ? errorResponse(Number(status), response.description, response) : { description: response.description, ...withHeaders };
    }
  }
  if (route.etag) responses['304'] = { description: 'not modified: the If-None-Match tag is current' };
  if (route.auth !== 'public') {
    responses['401'] ??= sharedResponseRef('Unauthenticated');
    if (route.auth !== 'any-key') responses['403'] ??= errorResponse(403, route.billable ? 'scope missing, or feature_not_in_plan' : 'required scope missing');
  }
  if (route.body) {
    responses['413'] ??= sharedResponseRef('PayloadTooLarge');
    responses['415'] ??= sharedResponseRef('UnsupportedMediaType');
  }
  if (route.body || route.params || route.query) responses['422'] ??= errorResponse(422, 'invalid body, path or query parameter (text with U+0000 or a lone surrogate included), or a body that is not UTF-8 JSON');
  if (route.auth !== 'public') responses['429'] = tooManyRequests(route, route.responses[429]);
  if (route.temporal) responses['502'] ??= errorResponse(502, 'Temporal temporarily unavailable (answered within 3 s); nothing was done');
  // A public route the service itself never refuses can still be refused by the HTTP server.
  if (!Object.keys(responses).some((s) => s.startsWith('4'))) responses['4XX'] = { description: 'the request could not be read (a malformed request line or URL, headers over the size limit); answered by the HTTP server without a body' };
  return responses;
}

