import { z } from 'zod';
import { defineRoute, RouteSpec } from '../routing';
import { renderReferencePage } from '../render-reference-page';

/** The document is built once, from the route table itself, so no route can go undocumented. */
export function docsRoutes(getDocument: () => Record<string, unknown>): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This API described in OpenAPI 3.1',
      tags: ['docs'],
      auth: 'public',
      responses: { 200: { description: 'the OpenAPI document', schema: z.record(z.string(), z.unknown()) } },
      handler: async () => ({ status: 200, body: getDocument() }),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'getApiReference',
      summary: 'Rendered API reference (HTML, works offline)',
      tags: ['docs'],
      auth: 'public',
      responses: { 200: { description: 'HTML page', schema: z.string(), contentType: 'text/html' } },
      handler: async () => ({ status: 200, body: renderReferencePage(getDocument()), headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
    }),
  ];
}
