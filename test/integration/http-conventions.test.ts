import http from 'node:http';
import zlib from 'node:zlib';
import { createCleanCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { apiUrl } from '../support/stack';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';

/** The raw response (fetch would decompress silently): status, headers and the bytes on the wire. */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${apiUrl()}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
  });
}

describe('HTTP conventions: compression, ETag and 304, 429 headers, usage against quotas', () => {
  let tenant: TestTenant;
  let analysisUuid: string;
  beforeAll(async () => {
    tenant = await createTestTenant({ quotas: { analyses: 2, adverse_media: 0, reports: 0 } });
    const { subject } = await createCleanCompany(testDb());
    const created = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(created.status).toBe(201);
    analysisUuid = created.body.uuid;
  });
  afterAll(closeTestDb);

  it('compresses bodies over 1 KB with br or gzip as the client accepts, and leaves small ones alone', async () => {
    const brotli = await rawGet(`/analyses/${analysisUuid}`, { 'X-API-Key': tenant.apiKey, 'Accept-Encoding': 'br' });
    expect(brotli.status).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.bytes).toString('utf8')).uuid).toBe(analysisUuid);
    const gzip = await rawGet('/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.bytes).toString('utf8')).openapi).toBe('3.1.0');
    const small = await rawGet('/healthz', { 'Accept-Encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('tags a completed analysis and its graph with an ETag and answers 304 to If-None-Match', async () => {
    for (const path of [`/analyses/${analysisUuid}`, `/api/analyses/${analysisUuid}`, `/analyses/${analysisUuid}/graph`]) {
      const first = await request('GET', path, { apiKey: tenant.apiKey });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect((await request('GET', path, { apiKey: tenant.apiKey })).headers.get('etag')).toBe(etag); // stable
      const revalidated = await request('GET', path, { apiKey: tenant.apiKey, headers: { 'If-None-Match': etag! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.get('etag')).toBe(etag);
      const changed = await request('GET', path, { apiKey: tenant.apiKey, headers: { 'If-None-Match': '"something-else"' } });
      expect(changed.status).toBe(200);
    }
    // Not final: no validator.
    const queued = await request('POST', '/api/analyses', {
      apiKey: tenant.apiKey,
      body: { entity_id: (await createCleanCompany(testDb())).subject.id },
    });
    const early = await request('GET', `/api/analyses/${queued.body.analysis_uuid}`, { apiKey: tenant.apiKey });
    if (early.body.status !== 'completed') expect(early.headers.get('etag')).toBeNull();
  });

  it('gives a quota 429 Retry-After (seconds to the reset) and the RateLimit-* headers; /account shows usage against each quota', async () => {
    const account = await request('GET', '/account', { apiKey: tenant.apiKey });
    expect(account.body.usage.quotas).toEqual({
      analyses: { limit: 2, used: 2, remaining: 0 },
      adverse_media: { limit: 0, used: 0, remaining: 0 },
      monitors: { limit: 0, used: 0, remaining: 0 },
      reports: { limit: 0, used: 0, remaining: 0 },
      watchlist_queries: { limit: 0, used: 0, remaining: 0 },
    });
    const resetsAt = new Date(account.body.usage.resets_at);
    expect(resetsAt.getUTCDate()).toBe(1);
    expect(resetsAt.getTime()).toBeGreaterThan(Date.now());

    const refused = await request('POST', '/analyses', {
      apiKey: tenant.apiKey,
      body: { entity_id: (await createCleanCompany(testDb())).subject.id },
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ detail: 'quota_exceeded' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    const expected = (resetsAt.getTime() - Date.now()) / 1000;
    expect(Math.abs(retryAfter - expected)).toBeLessThan(60);
    expect(refused.headers.get('ratelimit-limit')).toBe('2');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
  });
});
