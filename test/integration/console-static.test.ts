import { request } from '../support/http';

/** The analyst console's files, served by the api at /console without a key (api/edge/console-static.ts). */
describe('the console is served by the api', () => {
  it('answers index.html with a strict policy and no caching, without a key', async () => {
    const page = await request('GET', '/console/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(page.text).toContain('<div id="root"></div>');
  });

  it.each(['/console', '/console/analyses/0f2eb74a-acb1-49a2-88fd-55645543d9b2/graph', '/console/webhooks'])(
    'answers the same page for the client route %s',
    async (path) => {
      const page = await request('GET', path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<div id="root"></div>');
    },
  );

  it('serves the hashed assets the page names, with their types, cached for a year', async () => {
    const page = await request('GET', '/console/');
    const assets = [...page.text.matchAll(/(?:src|href)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true);
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      // Without compression the length is the file's; fetch asks for gzip/br, and a bundle over 1 KB comes compressed.
      const answer = await request('GET', asset, { headers: { 'Accept-Encoding': 'identity' } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe(asset.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(answer.text));
      const compressed = await request('GET', asset);
      expect(compressed.text).toBe(answer.text);
      if (Buffer.byteLength(answer.text) > 1024) expect(compressed.headers.get('content-encoding')).toMatch(/^(gzip|br)$/);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await request('HEAD', '/console/');
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(100);
    expect(head.text).toBe('');
  });

  it.each([
    ['a missing asset', '/console/assets/missing-0000.js'],
    ['a path that climbs out of the folder', '/console/..%2f..%2fpackage.json'],
    ['a path that climbs out, encoded twice', '/console/%2e%2e/%2e%2e/api/create-app.ts'],
  ])('answers 404 for %s', async (_why, path) => {
    const answer = await request('GET', path);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('"name": "entity-risk-analysis-service"');
  });

  it('leaves other methods to the API (no write under /console)', async () => {
    const answer = await request('POST', '/console/', { body: {} });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: 'not found' });
  });

  it('leaves the API itself untouched: a console-looking API path is still the API', async () => {
    expect((await request('GET', '/consoles')).status).toBe(404);
    expect((await request('GET', '/account')).status).toBe(401);
  });
});
