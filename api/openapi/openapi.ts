import { errorSchema, rateLimitHeaderComponents, sharedErrorResponses, validationErrorSchema } from './errors';
import { createComponentCollector } from './components';
import { exampleOf, parametersOf, responsesOf } from './operation';
import { apiTags } from './tags';
import type { RouteSpec } from '../edge/routing';

const OPENAPI_INFO_VERSION = '0.1.0';

export function toOpenApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** OpenAPI 3.1 generated from the route table and the same zod schemas that validate requests. */
export function buildOpenApiDocument(routes: RouteSpec[]): Record<string, unknown> {
  const components = createComponentCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: route.tags,
      parameters: parametersOf(route, components),
      responses: responsesOf(route, components),
      ...(route.auth === 'public'
        ? { security: [] }
        : route.auth === 'session'
          ? { security: [{ SessionCookie: [] }] }
          : { security: [{ ApiKeyAuth: [] }, { SessionCookie: [] }] }),
      ...(typeof route.auth === 'object' ? { 'x-required-scope': route.auth.scope } : {}),
    };
    if (route.fileBody) {
      const schema = components.use(route.fileBody.schema, 'input');
      const content = Object.fromEntries(
        Object.entries(route.fileBody.contentTypes).map(([type, media]) => [type, { schema, example: media.example }]),
      );
      operation.requestBody = { required: true, description: route.fileBody.description, content };
    }
    if (route.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: components.use(route.body, 'input'), example: exampleOf(route.body, route.bodyExample) } },
      };
    const path = toOpenApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Entity Risk Analysis Service',
      version: OPENAPI_INFO_VERSION,
      description:
        'Deterministic KYC/KYB risk analyses of Brazilian entities (CPF, numeric and alphanumeric CNPJ), with beneficial owners, adverse media and Standard-Webhooks-signed notifications. Authenticate with the `X-API-Key` header. Request bodies are `application/json` in UTF-8. Errors are `{"detail": …}`; a 422 lists one `{loc, msg, type}` per problem (at most 50), whose `type` names the rule (a business rule JSON Schema cannot state, such as a check digit, has its own). Each operation lists every status it can answer; a method a path does not have gets 405 with `Allow`. Every answer to a key carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` for its requests per second; a 429 (`rate_limited` or `quota_exceeded`) adds `Retry-After`. Lengths count characters (Unicode code points), as JSON Schema does.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'this server' }],
    tags: apiTags(routes),
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'a key created with `ops key create`; shown once' },
        SessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'era_session',
          description:
            "the console's session, set by GET /auth/callback after sign-in with OpenID Connect; its writes also need `X-CSRF-Token` (GET /auth/session). The person's roles grant the scopes (docs/sign-in.md)",
        },
      },
      schemas: { ...components.finish(), Error: errorSchema, ValidationError: validationErrorSchema },
      responses: sharedErrorResponses,
      headers: rateLimitHeaderComponents,
    },
    security: [{ ApiKeyAuth: [] }, { SessionCookie: [] }],
    paths,
  };
}
