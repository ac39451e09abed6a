import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { defineRoute, RouteSpec } from '../../edge/routing';

/** Scalar's standalone bundle, served from node_modules: the reference works where nothing can be fetched. */
const scalarBundlePath = require.resolve('@scalar/api-reference/browser/standalone.js');
let scalarBundle: Buffer | undefined;

/** Scalar's configuration: no web fonts and no AI agent (both call Scalar's servers), search on `k`, try-it against this server. */
const scalarConfiguration = {
  withDefaultFonts: false,
  agent: { disabled: true },
  showToolbar: 'never',
  showDeveloperTools: 'never',
  hideDownloadButton: false,
  searchHotKey: 'k',
  defaultOpenAllTags: false,
  theme: 'default',
};

function renderReferencePage(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — API reference</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}</style>
</head>
<body>
<noscript>This reference needs JavaScript; the document itself is at <a href="/openapi.json">/openapi.json</a>.</noscript>
<script id="api-reference" data-url="/openapi.json" data-configuration='${JSON.stringify(scalarConfiguration)}'></script>
<script src="/docs/scalar-api-reference.js"></script>
</body>
</html>`;
}

const documentSchema = z.record(z.string(), z.unknown()).meta({
  id: 'OpenApiDocument',
  description: 'an OpenAPI 3.1 document',
  examples: [{ openapi: '3.1.0', info: { title: 'Entity Risk Analysis Service', version: '0.1.0' }, paths: {} }],
});

/** The document is built once, from the route table itself, so no route can go undocumented. */
export function docsRoutes(getDocument: () => Record<string, unknown>): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This API described in OpenAPI 3.1',
      description:
        'Generated from the route table and the zod schemas that validate every request: named components, an example for every body, a description for every operation and parameter.',
      tags: ['docs'],
      auth: 'public',
      responses: { 200: { description: 'the OpenAPI document', schema: documentSchema } },
      handler: async () => ({ status: 200, body: getDocument() }),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'getApiReference',
      summary: 'The API reference (Scalar): navigation, search and try-it',
      description:
        'Renders /openapi.json with Scalar, served from this server (no CDN). Search with the `k` key; every operation can be tried with your `X-API-Key` against this server.',
      tags: ['docs'],
      auth: 'public',
      responses: {
        200: { description: 'HTML page', schema: z.string(), contentType: 'text/html', example: '<!doctype html><html lang="en">…</html>' },
      },
      handler: async () => ({
        status: 200,
        body: renderReferencePage('Entity Risk Analysis Service'),
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/docs/scalar-api-reference.js',
      operationId: 'getApiReferenceScript',
      summary: 'The Scalar API reference script used by /docs',
      description: 'The standalone browser bundle of @scalar/api-reference, from node_modules; cached for a day.',
      tags: ['docs'],
      auth: 'public',
      responses: {
        200: { description: 'JavaScript', schema: z.string(), contentType: 'text/javascript', example: '/* @scalar/api-reference */' },
      },
      handler: async () => {
        scalarBundle ??= readFileSync(scalarBundlePath);
        return {
          status: 200,
          body: scalarBundle,
          headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
        };
      },
    }),
  ];
}
