import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { request } from '../support/http';
import { scrape, sumOf } from '../support/prometheus';
import { type ExtraProcess, startExtraApi } from '../support/processes';
import { alignToWindow } from '../support/rate-windows';
import { apiUrl } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

type Answer = { status: number; body: any; headers: Headers; at: number };

async function call(base: string, method: string, path: string, apiKey: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'X-API-Key': apiKey, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => undefined), headers: response.headers, at: Date.now() };
}

describe('limits per company, from configuration and plan', () => {
  const started: ExtraProcess[] = [];
  let receiver: WebhookReceiver;
  let second: ExtraProcess & { url: string };
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // A second api process: the rate limits must hold across processes, not per process.
    second = await startExtraApi({ LOG_LEVEL: 'warn' });
    started.push(second);
  });
  afterAll(async () => {
    for (const p of started) await p.stop(10_000);
    await receiver.close();
    await closeTestDb();
  });

  it('webhook endpoints per company: the configured 50, all at once through two apis, then 422; another company is unaffected', async () => {
    // The configured endpoint limit; a request rate that lets the burst through.
    const tenant = await createTestTenant({ limits: { requests_per_second: 100_000 } });
    const body = (i: number) => ({ name: `e${i}`, url: receiver.url(`/e${i}`), subscribed_events: [] });
    const answers = await Promise.all(
      Array.from({ length: 56 }, (_, i) => call(i % 2 ? second.url : apiUrl(), 'POST', '/webhooks/endpoints', tenant.apiKey, body(i))),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.status)).toEqual([422, 422, 422, 422, 422, 422]);
    expect(refused[0].body.detail).toEqual([
      { loc: ['body'], msg: expect.stringContaining('has 50 webhook endpoints'), type: 'limit_exceeded' },
    ]);
    expect(
      await testDb()('webhook_endpoints')
        .where({ company_id: tenant.companyId })
        .count<{ n: string }[]>({ n: '*' })
        .then((r) => Number(r[0].n)),
    ).toBe(50);
    const other = await createTestTenant({ limits: {} });
    expect((await call(apiUrl(), 'POST', '/webhooks/endpoints', other.apiKey, body(99))).status).toBe(201);
  });

  it('test events per endpoint per minute: the plan limit across two apis, then 429 rate_limited with Retry-After and RateLimit-*', async () => {
    const tenant = await createTestTenant({ limits: { test_events_per_endpoint_per_minute: 3 } });
    const [a, b] = await Promise.all(
      [0, 1].map((i) =>
        call(apiUrl(), 'POST', '/webhooks/endpoints', tenant.apiKey, { name: `t${i}`, url: receiver.url(`/t${i}`), subscribed_events: [] }),
      ),
    );
    await alignToWindow(60, 45_000);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(i % 2 ? second.url : apiUrl(), 'POST', `/webhooks/endpoints/${a.body.uuid}/test`, tenant.apiKey),
      ),
    );
    expect(answers.filter((r) => r.status === 202)).toHaveLength(3);
    const limited = answers.filter((r) => r.status !== 202);
    expect(limited.map((r) => [r.status, r.body])).toEqual(Array(5).fill([429, { detail: 'rate_limited' }]));
    const retryAfter = Number(limited[0].headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited[0].headers.get('ratelimit-limit')).toBe('3');
    expect(limited[0].headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited[0].headers.get('ratelimit-reset'))).toBe(retryAfter);
    // Per endpoint: the other one still gets its own three.
    expect((await call(second.url, 'POST', `/webhooks/endpoints/${b.body.uuid}/test`, tenant.apiKey)).status).toBe(202);
    // A refused request is not an event: only the three accepted ones were published.
    const events = await testDb()('webhook_events as e')
      .join('webhook_endpoints as w', 'w.id', 'e.endpoint_id')
      .where('w.uuid', a.body.uuid)
      .count<{ n: string }[]>({ n: '*' });
    expect(Number(events[0].n)).toBe(3);
  });

  it('requests per key per second: one shared count across two api processes, 429 rate_limited, then admitted again next second', async () => {
    const tenant = await createTestTenant({ limits: { requests_per_second: 6 } });
    const refusedSoFar = async () => {
      const scrapes = await Promise.all([apiUrl(), second.url].map((base) => scrape(`${base}/metrics`)));
      return scrapes.reduce(
        (sum, s) => sum + sumOf(s.samples, 'entity_risk_rate_limit_rejections_total', { limit: 'requests_per_second' }),
        0,
      );
    };
    const refusedBefore = await refusedSoFar();
    let answers: Answer[] = [];
    // A burst that straddled a second boundary proves nothing: try again (the clock is the database's).
    for (let attempt = 0; attempt < 5; attempt++) {
      await alignToWindow(1, 150);
      const t0 = Date.now();
      answers = await Promise.all(
        Array.from({ length: 14 }, (_, i) => call(i % 2 ? second.url : apiUrl(), 'GET', '/account', tenant.apiKey)),
      );
      if (Math.max(...answers.map((r) => r.at)) - t0 < 700) break;
      await new Promise((r) => setTimeout(r, 1_100));
    }
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(6);
    expect(ok.every((r) => r.headers.get('ratelimit-limit') === '6')).toBe(true);
    // The plan's own value beside the configured defaults.
    expect(ok[0].body.plan.limits).toEqual({ webhook_endpoints: 50, test_events_per_endpoint_per_minute: 10, requests_per_second: 6 });
    // One counter: each admitted request saw a different remaining count, 5 down to 0.
    expect(ok.map((r) => Number(r.headers.get('ratelimit-remaining'))).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    const limited = answers.filter((r) => r.status === 429);
    expect(limited).toHaveLength(8);
    expect(limited[0].body).toEqual({ detail: 'rate_limited' });
    expect(limited[0].headers.get('retry-after')).toBe('1');
    expect(limited[0].headers.get('ratelimit-reset')).toBe('1');
    // Counted where it was refused; Prometheus sums the api processes (every burst's refusals count, at least the last one's).
    expect((await refusedSoFar()) - refusedBefore).toBeGreaterThanOrEqual(8);
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await call(second.url, 'GET', '/account', tenant.apiKey)).status).toBe(200);
    // Another key of another company has its own count.
    const other = await createTestTenant({ limits: { requests_per_second: 6 } });
    expect((await call(apiUrl(), 'GET', '/account', other.apiKey)).status).toBe(200);
  });

  it('answers an unauthenticated request 401 without counting it against anything', async () => {
    const answer = await request('GET', '/account', { apiKey: 'erk_' + 'x'.repeat(43) });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('ratelimit-limit')).toBeNull();
    // The key's lookup and its count are one statement: a key that exists but is expired or
    // revoked is refused like an unknown one and charges no bucket; a live key charges its own.
    const expired = await createTestTenant({ expiresAt: new Date(Date.now() - 60_000) });
    const revoked = await createTestTenant();
    await testDb()('api_keys').where({ uuid: revoked.keyUuid }).update({ revoked_at: testDb().fn.now() });
    const live = await createTestTenant();
    for (const tenant of [expired, revoked]) {
      const refused = await request('GET', '/account', { apiKey: tenant.apiKey });
      expect([refused.status, refused.headers.get('ratelimit-limit')]).toEqual([401, null]);
    }
    expect((await request('GET', '/account', { apiKey: live.apiKey })).status).toBe(200);
    const buckets = await testDb()('rate_limit_windows')
      .whereIn(
        'bucket',
        [expired, revoked, live].map((t) => `key:${t.keyUuid}`),
      )
      .pluck('bucket');
    expect(buckets).toEqual([`key:${live.keyUuid}`]);
  });
});
