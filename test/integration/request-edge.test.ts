import http from 'node:http';
import { REQUEST_HEAD_MAX_BYTES } from '../../api/edge/request-head';
import { request } from '../support/http';
import { alignToWindow } from '../support/rate-windows';
import { apiUrl } from '../support/stack';
import { closeTestDb, createTestKey, createTestTenant, type TestTenant, testDb } from '../support/tenants';

const challenge = 'ApiKey realm="entity-risk", header="X-API-Key"';

/** A raw request: the exact headers and bytes, and the answer's bytes as they came (no client rewriting). */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${apiUrl()}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The edge in order: key, the key's rate, scope, media type, size, bytes, validation; and what each refusal says. */
describe('the request edge: order and strictness', () => {
  let tenant: TestTenant;
  const endpointCount = async () =>
    Number((await testDb()('webhook_endpoints').where({ company_id: tenant.companyId }).count('* as n'))[0].n);

  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(closeTestDb);

  it.each([
    ['malformed JSON', { 'Content-Type': 'application/json' }, Buffer.from('{"name":')],
    ['invalid UTF-8', { 'Content-Type': 'application/json' }, Buffer.from([0x7b, 0xff, 0x7d])],
    ['a text/plain body', { 'Content-Type': 'text/plain' }, Buffer.from('hello')],
    ['a body over the size limit', { 'Content-Type': 'application/json' }, Buffer.alloc(1_100_000, 0x20)],
  ])('authenticates before reading the body: %s without a key is 401 with WWW-Authenticate', async (_, headers, body) => {
    for (const key of [undefined, 'erk_not-a-real-key']) {
      const response = await rawRequest(
        'POST',
        '/webhooks/endpoints',
        { ...headers, ...(key ? { 'X-API-Key': key } : {}), 'Content-Length': body.length },
        body,
      );
      expect(response.status).toBe(401);
      expect(JSON.parse(response.text)).toEqual({ detail: 'invalid_api_key' });
      expect(response.headers['www-authenticate']).toBe(challenge);
    }
  });

  it('counts the rate, then checks the scope before reading the body: 403, not 422', async () => {
    const readOnly = await createTestKey(tenant, ['webhooks:read']);
    const response = await request('POST', '/webhooks/endpoints', { apiKey: readOnly, rawBody: '{"name":' });
    expect([response.status, response.body]).toEqual([403, { detail: 'insufficient_scope' }]);
    expect(response.headers.get('www-authenticate')).toBeNull();
    // The key's rate was admitted before the scope was checked: the refusal states it.
    expect(response.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
  });

  it("counts a key's requests before reading their bodies: a flood of bad bodies is rate-limited, and every refusal states the rate", async () => {
    const limited = await createTestTenant({ limits: { requests_per_second: 3 } });
    const json = { 'Content-Type': 'application/json' };
    const bad: [Record<string, string>, Buffer][] = [
      [{ 'Content-Type': 'text/plain' }, Buffer.from('hello')],
      [json, Buffer.from('{"name":')],
      [json, Buffer.from([0x7b, 0xff, 0x7d])],
      [json, Buffer.alloc(1_100_000, 0x20)],
    ];
    let answers: { status: number; headers: http.IncomingHttpHeaders; text: string }[] = [];
    // A burst that straddled a second boundary (the database's clock) proves nothing: try again.
    for (let attempt = 0; attempt < 5; attempt++) {
      await alignToWindow(1, 150);
      const t0 = Date.now();
      answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          rawRequest(
            'POST',
            '/webhooks/endpoints',
            { ...bad[i % 4][0], 'X-API-Key': limited.apiKey, 'Content-Length': bad[i % 4][1].length },
            bad[i % 4][1],
          ),
        ),
      );
      if (Date.now() - t0 < 700) break;
      await new Promise((r) => setTimeout(r, 1_100));
    }
    const admitted = answers.filter((a) => a.status !== 429);
    expect(admitted).toHaveLength(3);
    for (const answer of admitted) {
      expect([413, 415, 422]).toContain(answer.status);
      expect(answer.headers['ratelimit-limit']).toBe('3');
    }
    expect(admitted.map((a) => Number(a.headers['ratelimit-remaining'])).sort()).toEqual([0, 1, 2]);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(JSON.parse(answer.text)).toEqual({ detail: 'rate_limited' });
      expect(answer.headers['retry-after']).toBe('1');
    }
  });

  it.each([
    ['text/plain', 'text/plain;charset=UTF-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=xyz'],
    ['JSON in Latin-1', 'application/json; charset=iso-8859-1'],
    ['a JSON-like suffix type', 'application/merge-patch+json'],
  ])('answers 415 unsupported_media_type with Accept to a body in %s, and writes nothing', async (_, contentType) => {
    const before = await endpointCount();
    const body = JSON.stringify({ name: 'x', url: 'http://127.0.0.1:9/x', subscribed_events: ['webhook.test'] });
    const response = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      rawBody: body,
      headers: { 'Content-Type': contentType },
    });
    expect([response.status, response.body]).toEqual([415, { detail: 'unsupported_media_type' }]);
    expect(response.headers.get('accept')).toBe('application/json');
    expect(await endpointCount()).toBe(before);
  });

  it('answers 415 to a body without a Content-Type, and reads no body as no body (422 required)', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'x', url: 'http://127.0.0.1:9/x', subscribed_events: ['webhook.test'] }));
    const untyped = await rawRequest('POST', '/webhooks/endpoints', { 'X-API-Key': tenant.apiKey, 'Content-Length': body.length }, body);
    expect([untyped.status, JSON.parse(untyped.text)]).toEqual([415, { detail: 'unsupported_media_type' }]);
    const empty = await rawRequest('POST', '/webhooks/endpoints', { 'X-API-Key': tenant.apiKey, 'Content-Length': 0 });
    expect(empty.status).toBe(422);
    expect(JSON.parse(empty.text).detail[0]).toMatchObject({ loc: ['body'], type: 'invalid_type' });
    const typed = await rawRequest(
      'POST',
      '/webhooks/endpoints',
      { 'X-API-Key': tenant.apiKey, 'Content-Type': 'Application/JSON; charset="UTF-8"', 'Content-Length': body.length },
      body,
    );
    expect(typed.status).toBe(201);
  });

  it('answers 413 to a body over the limit, declared or chunked, and writes nothing', async () => {
    const before = await endpointCount();
    const huge = Buffer.from(JSON.stringify({ name: 'x'.repeat(1_100_000), url: 'http://127.0.0.1:9/x', subscribed_events: [] }));
    const declared = await rawRequest(
      'POST',
      '/webhooks/endpoints',
      { 'X-API-Key': tenant.apiKey, 'Content-Type': 'application/json', 'Content-Length': huge.length },
      huge,
    );
    expect([declared.status, JSON.parse(declared.text)]).toEqual([413, { detail: 'request body too large' }]);
    const chunked = await rawRequest(
      'POST',
      '/webhooks/endpoints',
      { 'X-API-Key': tenant.apiKey, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      huge,
    );
    expect(chunked.status).toBe(413);
    expect(await endpointCount()).toBe(before);
  });

  it('lists at most 50 problems: a 1 MiB body of unknown keys answers in kilobytes', async () => {
    const keys: string[] = [];
    let size = 2;
    for (let i = 0; size < 1_000_000; i++) {
      keys.push(`"unknown_${i}":0`);
      size += keys[keys.length - 1].length + 1;
    }
    const body = `{${keys.join(',')}}`;
    expect(body.length).toBeGreaterThan(900_000);
    const response = await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, rawBody: body });
    expect(response.status).toBe(422);
    expect(response.text.length).toBeLessThan(10_000);
    expect(response.body.detail).toHaveLength(50);
    expect(response.body.detail).toContainEqual({ loc: ['body', 'unknown_0'], msg: 'unknown property', type: 'extra_forbidden' });
    expect(response.body.detail[49]).toEqual({
      loc: ['body'],
      msg: expect.stringMatching(/^\d{5,} more problems not listed$/),
      type: 'too_many_problems',
    });
  });

  it('cuts a megabyte-long unknown property name in the 422', async () => {
    const response = await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: { ['k'.repeat(1_000_000)]: 1 } });
    expect(response.status).toBe(422);
    expect(response.text.length).toBeLessThan(5_000);
    expect(response.body.detail).toContainEqual({ loc: ['body', `${'k'.repeat(128)}…`], msg: 'unknown property', type: 'extra_forbidden' });
  });

  it.each([
    ['the public sign-in callback', () => ({}), (big: string) => `/auth/callback?code=${big}&state=s&error_description=${big}`],
    ['an authenticated list', () => ({ 'X-API-Key': tenant.apiKey }), (big: string) => `/analyses?cursor=${big}`],
  ])('refuses %s with a 20 KB query string: 431 from the HTTP server, and the api keeps serving', async (_, headers, path) => {
    const target = path('A'.repeat(20_000));
    expect(target.length).toBeGreaterThan(REQUEST_HEAD_MAX_BYTES);
    const refused = await rawRequest('GET', target, headers());
    expect([refused.status, refused.text]).toEqual([431, '']);
    // The same process answers the next requests, keyed or not: nothing was harmed.
    expect((await rawRequest('GET', '/healthz', {})).status).toBe(200);
    const account = await request('GET', '/account', { apiKey: tenant.apiKey });
    expect(account.status).toBe(200);
    // Just under the limit is a request like any other, refused by the route for what it says.
    const near = await rawRequest('GET', `/analyses?cursor=${'A'.repeat(REQUEST_HEAD_MAX_BYTES - 2_000)}`, { 'X-API-Key': tenant.apiKey });
    expect(near.status).toBe(422);
  });

  it('ignores a body on a route that takes none (not read, not refused)', async () => {
    const response = await request('POST', '/webhooks/webhook-events/00000000-0000-4000-8000-000000000000/retry', {
      apiKey: tenant.apiKey,
      rawBody: 'not json at all',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect([response.status, response.body]).toEqual([404, { detail: 'webhook event not found' }]);
  });
});
