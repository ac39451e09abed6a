import { z } from 'zod';
import type { RouteSpec } from './routing';

export const OPENAPI_INFO_VERSION = '0.1.0';

const errorSchema = { type: 'object', required: ['detail'], properties: { detail: { type: 'string' } } };
const validationErrorSchema = {
  type: 'object',
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
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

function objectShape(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!schema) return {};
  const shape = (schema as any).shape ?? (schema as any)._zod?.def?.shape;
  return (shape ?? {}) as Record<string, z.ZodType>;
}

export function toOpenApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function errorResponse(description: string, schema: object = errorSchema) {
  return { description, content: { 'application/json': { schema } } };
}

/** OpenAPI 3.1 generated from the same zod schemas that validate the requests. */
export function buildOpenApiDocument(routes: RouteSpec[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const [name, schema] of Object.entries(objectShape(route.params))) {
      parameters.push({ name, in: 'path', required: true, schema: jsonSchema(schema, 'input') });
    }
    for (const [name, schema] of Object.entries(objectShape(route.query))) {
      parameters.push({ name, in: 'query', required: !(schema as any).safeParse(undefined).success, schema: jsonSchema(schema, 'input') });
    }
    for (const [name, header] of Object.entries(route.headers ?? {})) {
      parameters.push({ name, in: 'header', required: header.required ?? false, description: header.description, schema: { type: 'string' } });
    }
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = response.schema
        ? { description: response.description, content: { [response.contentType ?? 'application/json']: { schema: jsonSchema(response.schema, 'output') } } }
        : { description: response.description };
    }
    if (route.auth !== 'public') {
      responses['401'] ??= errorResponse('X-API-Key missing, invalid, malformed, expired or revoked');
      if (route.auth !== 'any-key') responses['403'] ??= errorResponse(route.billable ? 'scope missing, or feature_not_in_plan' : 'required scope missing');
    }
    if (route.body || route.params || route.query) responses['422'] ??= errorResponse('invalid body, path or query parameter', validationErrorSchema);
    // Every keyed request counts against the key's rate (api/routing.ts); billable ones also against a quota.
    if (route.auth !== 'public') responses['429'] ??= errorResponse(route.billable ? 'rate_limited (Retry-After, RateLimit-*), or quota_exceeded' : 'rate_limited (Retry-After, RateLimit-*)');
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      parameters,
      responses,
      ...(route.auth === 'public' ? { security: [] } : { security: [{ ApiKeyAuth: [] }] }),
      ...(typeof route.auth === 'object' ? { 'x-required-scope': route.auth.scope } : {}),
    };
    if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
    const path = toOpenApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Entity Risk Analysis Service',
      version: OPENAPI_INFO_VERSION,
      description: 'Deterministic KYC/KYB risk analyses of Brazilian entities, with signed webhooks.',
    },
    servers: [{ url: '/' }],
    components: { securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
    security: [{ ApiKeyAuth: [] }],
    paths,
  };
}
