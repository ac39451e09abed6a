import { request } from '../support/http';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';

const validBody = { name: 'Primary', url: 'http://127.0.0.1:9/hooks', subscribed_events: ['analysis.completed', 'webhook.test'] };

describe('webhook endpoints API (docs/webhooks.md)', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(closeTestDb);

  it('creates an endpoint, shows the secret once, and stores it only encrypted', async () => {
    const created = await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: validBody });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Primary',
      url: validBody.url,
      subscribed_events: ['analysis.completed', 'webhook.test'],
      status: 'active',
      consecutive_failures: 0,
      last_success_at: null,
      last_failure_at: null,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await testDb()('webhook_endpoints').where({ uuid: created.body.uuid }).first();
    expect(row.company_id).toBe(tenant.companyId);
    expect(row.secret_ciphertext).not.toContain(created.body.secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(created.body.secret);

    const detail = await request('GET', `/webhooks/endpoints/${created.body.uuid}`, { apiKey: tenant.apiKey });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      uuid: created.body.uuid,
      status: 'active',
      consecutive_failures: 0,
      last_success_at: null,
      last_failure_at: null,
    });
    expect(detail.body).not.toHaveProperty('secret');
    expect(detail.text).not.toContain(created.body.secret);
    const list = await request('GET', '/webhooks/endpoints', { apiKey: tenant.apiKey });
    expect(list.text).not.toContain(created.body.secret);
    expect(list.body.items.map((e: any) => e.uuid)).toContain(created.body.uuid);
  });

  it.each([
    ['an unknown event kind', { ...validBody, subscribed_events: ['analysis.exploded'] }, ['body', 'subscribed_events', 0]],
    ['a non-http URL', { ...validBody, url: 'ftp://example.com/x' }, ['body', 'url']],
    ['a relative URL', { ...validBody, url: '/hooks' }, ['body', 'url']],
    ['credentials in the URL', { ...validBody, url: 'https://u:p@example.com/' }, ['body', 'url']],
    ['an empty name', { ...validBody, name: '' }, ['body', 'name']],
    ['an unknown property', { ...validBody, secret: 'whsec_mine' }, ['body', 'secret']],
    ['a missing url', { name: 'x', subscribed_events: [] }, ['body', 'url']],
  ])('refuses %s with 422', async (_label, body, loc) => {
    const response = await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
  });

  it('updates name, url, subscriptions and status; only active or paused from the client', async () => {
    const created = (await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: validBody })).body;
    const patched = await request('PATCH', `/webhooks/endpoints/${created.uuid}`, {
      apiKey: tenant.apiKey,
      body: { name: 'Renamed', url: 'https://hooks.example.com/x', subscribed_events: ['adverse_media.failed'], status: 'paused' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Renamed',
      url: 'https://hooks.example.com/x',
      subscribed_events: ['adverse_media.failed'],
      status: 'paused',
    });
    const disabled = await request('PATCH', `/webhooks/endpoints/${created.uuid}`, { apiKey: tenant.apiKey, body: { status: 'disabled' } });
    expect(disabled.status).toBe(422);
    expect(disabled.body.detail[0].loc).toEqual(['body', 'status']);
    const badKind = await request('PATCH', `/webhooks/endpoints/${created.uuid}`, {
      apiKey: tenant.apiKey,
      body: { subscribed_events: ['nope'] },
    });
    expect(badKind.status).toBe(422);
    const reactivated = await request('PATCH', `/webhooks/endpoints/${created.uuid}`, {
      apiKey: tenant.apiKey,
      body: { status: 'active' },
    });
    expect(reactivated.body.status).toBe('active');
  });

  it('rotates the secret: a new one, shown once, with a new version', async () => {
    const created = (await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: validBody })).body;
    const rotated = await request('POST', `/webhooks/endpoints/${created.uuid}/rotate-secret`, { apiKey: tenant.apiKey });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(created.secret);
    expect(rotated.body.secret_version).toBe(2);
    expect((await request('GET', `/webhooks/endpoints/${created.uuid}`, { apiKey: tenant.apiKey })).body.secret_version).toBe(2);
  });

  it("answers another company's endpoint exactly like a missing one", async () => {
    const created = (await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: validBody })).body;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { name: 'x' }],
      ['POST', '/rotate-secret', undefined],
      ['POST', '/test', undefined],
    ] as const) {
      const foreign = await request(method, `/webhooks/endpoints/${created.uuid}${suffix}`, { apiKey: other.apiKey, body });
      const absent = await request(method, `/webhooks/endpoints/${missing}${suffix}`, { apiKey: other.apiKey, body });
      expect([foreign.status, foreign.body]).toEqual([404, absent.body]);
      expect(absent.status).toBe(404);
    }
    const list = await request('GET', '/webhooks/endpoints', { apiKey: other.apiKey });
    expect(list.body.items.map((e: any) => e.uuid)).not.toContain(created.uuid);
  });

  it('paginates with an opaque cursor, newest first, and refuses a malformed cursor', async () => {
    const own = await createTestTenant();
    const uuids: string[] = [];
    for (let i = 0; i < 5; i++)
      uuids.push((await request('POST', '/webhooks/endpoints', { apiKey: own.apiKey, body: { ...validBody, name: `e${i}` } })).body.uuid);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await request('GET', `/webhooks/endpoints?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { apiKey: own.apiKey });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((e: any) => e.uuid));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...uuids].reverse());
    const bad = await request('GET', '/webhooks/endpoints?cursor=zzz', { apiKey: own.apiKey });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'cursor']);
  });

  it('enforces scopes: read, write and retry are distinct', async () => {
    const readOnly = await createTestKey(tenant, ['webhooks:read']);
    const writeOnly = await createTestKey(tenant, ['webhooks:write']);
    expect((await request('POST', '/webhooks/endpoints', { apiKey: readOnly, body: validBody })).body).toEqual({
      detail: 'insufficient_scope',
    });
    expect((await request('GET', '/webhooks/endpoints', { apiKey: writeOnly })).status).toBe(403);
    expect((await request('GET', '/webhooks/event-types', { apiKey: readOnly })).status).toBe(200);
    expect(
      (await request('POST', '/webhooks/webhook-events/00000000-0000-4000-8000-000000000000/retry', { apiKey: writeOnly })).status,
    ).toBe(403);
    expect((await request('GET', '/webhooks/endpoints')).status).toBe(401);
  });

  it('requires the webhooks plan feature to create an endpoint (403 feature_not_in_plan)', async () => {
    const withoutFeature = await createTestTenant({ features: ['analyses'] });
    const response = await request('POST', '/webhooks/endpoints', { apiKey: withoutFeature.apiKey, body: validBody });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ detail: 'feature_not_in_plan' });
    expect((await request('GET', '/webhooks/endpoints', { apiKey: withoutFeature.apiKey })).status).toBe(200);
  });

  it('lists the event catalog', async () => {
    const response = await request('GET', '/webhooks/event-types', { apiKey: tenant.apiKey });
    expect(response.body.items.map((t: any) => t.type).sort()).toEqual([
      'adverse_media.completed',
      'adverse_media.failed',
      'analysis.completed',
      'analysis.failed',
      'analysis_batch.completed',
      'case.decided',
      'case.opened',
      'case.overdue',
      'monitoring.alert',
      'report.finalized',
      'webhook.test',
    ]);
  });

  it('documents every webhook route in /openapi.json', async () => {
    const doc = (await request('GET', '/openapi.json')).body;
    for (const path of [
      '/webhooks/endpoints',
      '/webhooks/endpoints/{endpoint_uuid}',
      '/webhooks/endpoints/{endpoint_uuid}/rotate-secret',
      '/webhooks/endpoints/{endpoint_uuid}/test',
      '/webhooks/event-types',
      '/webhooks/webhook-events',
      '/webhooks/webhook-events/{event_uuid}',
      '/webhooks/webhook-events/{event_uuid}/retry',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(doc.paths['/webhooks/webhook-events/{event_uuid}/retry'].post['x-required-scope']).toBe('webhooks:retry');
  });
});
