import { z } from 'zod';
import { errorExamples, sharedResponseRef } from './errors';
import { createComponentCollector, schemaMeta } from './components';
import { impliedStatuses, impliedSuccessHeaders } from './statuses';
import { REQUEST_HEAD_MAX_BYTES } from '../edge/request-head';
import type { RouteSpec } from '../edge/routing';

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
  for (const [name, header] of Object.entries(route.headers ?? {}))
    parameters.push({
      name,
      in: 'header',
      required: header.required ?? false,
      description: header.description,
      schema: header.schema ? components.use(header.schema, 'input') : { type: 'string' },
    });
  if (route.etag)
    parameters.push({
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'an ETag of this resource received before: 304 without a body when it is still current',
      schema: { type: 'string' },
    });
  return parameters;
}

type ResponseSpec = RouteSpec['responses'][number];

function errorResponse(status: number, description: string, given: Pick<ResponseSpec, 'example' | 'examples'> = {}) {
  const schema = status === 422 ? { $ref: '#/components/schemas/ValidationError' } : { $ref: '#/components/schemas/Error' };
  const sample = given.examples
    ? { examples: given.examples }
    : { example: given.example ?? errorExamples[status] ?? { detail: description } };
  return { description, content: { 'application/json': { schema, ...sample } } };
}

export function responsesOf(route: RouteSpec, components: Collector): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(route.responses)) {
    const etag =
      route.etag && status === '200' ? { ETag: { description: 'present once the resource is final', schema: { type: 'string' } } } : {};
    const rate = status.startsWith('2') ? impliedSuccessHeaders(route) : {};
    const headers = { ...etag, ...rate };
    const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
    if (response.schema) {
      const media = { schema: components.use(response.schema, 'output'), example: exampleOf(response.schema, response.example) };
      const others = Object.fromEntries(
        Object.entries(response.alsoAs ?? {}).map(([type, other]) => [type, { schema: media.schema, example: other.example }]),
      );
      responses[status] = {
        description: response.description,
        ...withHeaders,
        content: { [response.contentType ?? 'application/json']: media, ...others },
      };
    } else {
      responses[status] =
        Number(status) >= 400
          ? errorResponse(Number(status), response.description, response)
          : { description: response.description, ...withHeaders };
    }
  }
  if (route.etag) responses['304'] = { description: 'not modified: the If-None-Match tag is current' };
  for (const implied of impliedStatuses(route)) {
    const status = String(implied.status);
    const own = responses[status] as Record<string, unknown> | undefined;
    if (implied.shared) {
      responses[status] = own ?? sharedResponseRef(implied.shared);
      continue;
    }
    const response = own ?? errorResponse(implied.status, implied.description, implied.examples ? { examples: implied.examples } : {});
    responses[status] = implied.headers ? { ...response, headers: implied.headers } : response;
  }
  // What the HTTP server itself refuses, before any route runs: every operation can get these, without a body.
  responses['400'] ??= { description: 'the HTTP server could not parse the request (e.g. a control character in a header value); no body' };
  responses['431'] = {
    description: `a refusal: the request line and headers together over ${REQUEST_HEAD_MAX_BYTES / 1024} KiB, refused by the HTTP server before any route runs; no body (every documented maximum fits within it)`,
  };
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}
