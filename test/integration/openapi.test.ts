import SwaggerParser from '@apidevtools/swagger-parser';
import { allRoutes } from '../../api/create-app';
import { toOpenApiPath } from '../../api/openapi/openapi';
import { request } from '../support/http';

describe('OpenAPI 3.1 document and reference page', () => {
  it('is served without a key, validates, and has version 0.1.0', async () => {
    const response = await request('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toBe('3.1.0');
    expect(response.body.info.version).toBe('0.1.0');
    await expect(SwaggerParser.validate(structuredClone(response.body))).resolves.toBeDefined();
  });

  it('documents every route of the application, and nothing else', async () => {
    const document = (await request('GET', '/openapi.json')).body;
    const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const mounted = allRoutes().map((r) => `${r.method.toUpperCase()} ${toOpenApiPath(r.path)}`);
    expect(documented.sort()).toEqual(mounted.sort());
    for (const route of allRoutes()) {
      const operation = document.paths[toOpenApiPath(route.path)][route.method];
      expect(operation.operationId).toBe(route.operationId);
      if (route.auth !== 'public') expect(operation.responses['401']).toBeDefined();
      if (route.body) expect(operation.requestBody).toBeDefined();
    }
  });

  it('serves /docs as a Scalar reference from this server (no CDN)', async () => {
    const page = await request('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain('data-url="/openapi.json"');
    const sources = [...page.text.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/docs/scalar-api-reference.js']);
    const script = await request('GET', '/docs/scalar-api-reference.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.text).toContain('@scalar/api-reference');
  });
});
