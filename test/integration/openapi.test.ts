import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { allRoutes } from '../../api/create-app';
import { toOpenApiPath } from '../../api/openapi';
import { request } from '../support/http';
import { apiUrl } from '../support/stack';

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
    const documented = Object.entries<Record<string, unknown>>(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
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

  it('renders in headless Chromium with navigation, search and try-it (screenshot in .data/screenshots/docs.png)', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const outside: string[] = [];
      page.on('request', (r) => !r.url().startsWith(apiUrl()) && !r.url().startsWith('data:') && outside.push(r.url()));
      await page.goto(`${apiUrl()}/docs`, { waitUntil: 'load' });
      // Navigation: the tags of the route table in the sidebar, each operation under its tag.
      await page.getByText('Run an analysis synchronously and return its verdict').first().waitFor({ timeout: 30_000 });
      const text = (await page.textContent('body')) ?? '';
      for (const tag of ['analyses', 'entities', 'webhooks', 'account']) expect(text).toContain(tag);
      // Try-it: a "Test Request" button beside the operations (rendered as they scroll into view).
      await page.getByRole('button', { name: /test request/i }).first().waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: /test request/i }).count()).toBeGreaterThan(0);
      // Search finds operations by their words.
      await page.locator('button:has-text("Open Search")').first().click();
      await page.keyboard.type('webhook endpoint');
      await page.getByRole('option').first().waitFor({ timeout: 10_000 });
      expect((await page.getByRole('option').allTextContents()).join(' ')).toContain('/webhooks/endpoints');
      await page.keyboard.press('Escape');
      const out = path.join(__dirname, '..', '..', '.data', 'screenshots');
      mkdirSync(out, { recursive: true });
      await page.screenshot({ path: path.join(out, 'docs.png') });
      expect(outside).toEqual([]); // nothing fetched from anywhere else
    } finally {
      await browser.close();
    }
  }, 120_000);
});
