import { createCleanCompany, createEntity, createPoisonedEntity, createRiskyCompany, formatCnpj } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { closeTestDb, createTestKey, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

async function settled(apiKey: string, uuid: string): Promise<any> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const body = (await request('GET', `/api/analyses/${uuid}`, { apiKey })).body;
    if (['completed', 'failed'].includes(body.status)) return body;
    if (Date.now() > deadline) throw new Error(`analysis ${uuid} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('GET /analyses and GET /adverse-media: the customer lists', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  const uuids: Record<string, string> = {};
  let risky: { id: number; document: string | null; name: string };
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    risky = (await createRiskyCompany(testDb())).subject;
    const clean = (await createCleanCompany(testDb())).subject;
    const poisoned = await createPoisonedEntity(testDb());
    const post = async (path: string, body: unknown) => (await request('POST', path, { apiKey: tenant.apiKey, body })).body;
    uuids.sync = (await post('/analyses', { document: formatCnpj(risky.document!), source: 'onboarding' })).uuid;
    uuids.clean = (await post('/analyses', { entity_id: clean.id })).uuid;
    uuids.async = (await post('/api/analyses', { entity_id: risky.id, client_reference: 'crm-42', source: 'batch' })).analysis_uuid;
    uuids.failed = (await post('/api/analyses', { entity_id: poisoned.id, client_reference: 'crm-43' })).analysis_uuid;
    await Promise.all([settled(tenant.apiKey, uuids.async), settled(tenant.apiKey, uuids.failed)]);
    await request('POST', '/analyses', { apiKey: other.apiKey, body: { entity_id: risky.id } });
  });
  afterAll(closeTestDb);

  const list = async (query: string, apiKey = tenant.apiKey, path = '/analyses') => {
    const response = await request('GET', `${path}?${query}`, { apiKey });
    expect(response.status).toBe(200);
    return response.body.items.map((i: any) => i.uuid);
  };

  it('lists newest first with the summary of the read form; the /api alias answers the same', async () => {
    const page = await request('GET', '/analyses', { apiKey: tenant.apiKey });
    expect(page.body.items.map((i: any) => i.uuid)).toEqual([uuids.failed, uuids.async, uuids.clean, uuids.sync]);
    expect(page.body.next_cursor).toBeNull();
    const read = (await request('GET', `/api/analyses/${uuids.sync}`, { apiKey: tenant.apiKey })).body;
    expect(page.body.items[3]).toEqual({
      uuid: uuids.sync,
      status: 'completed',
      mode: 'sync',
      entity_id: risky.id,
      subject: { display_name: risky.name, document: risky.document },
      score: read.risk.score,
      risk_level: read.risk.risk_level,
      client_reference: null,
      source: 'onboarding',
      created_at: read.created_at,
      completed_at: read.completed_at,
      links: read.links,
    });
    expect(page.body.items[0]).toMatchObject({ status: 'failed', score: null, risk_level: null, client_reference: 'crm-43' });
    expect((await request('GET', '/api/analyses', { apiKey: tenant.apiKey })).body).toEqual(page.body);
  });

  it('filters by every documented parameter', async () => {
    const riskLevel = (await request('GET', `/api/analyses/${uuids.sync}`, { apiKey: tenant.apiKey })).body.risk.risk_level;
    expect(await list('status=failed')).toEqual([uuids.failed]);
    expect(await list(`risk_level=${riskLevel}`)).toEqual(expect.arrayContaining([uuids.async, uuids.sync]));
    expect(await list(`risk_level=${riskLevel}&mode=sync`)).toEqual([uuids.sync]);
    expect(await list(`entity_id=${risky.id}`)).toEqual([uuids.async, uuids.sync]);
    expect(await list(`document=${encodeURIComponent(formatCnpj(risky.document!).toLowerCase())}`)).toEqual([uuids.async, uuids.sync]);
    expect(await list('client_reference=crm-42')).toEqual([uuids.async]);
    expect(await list('source=batch')).toEqual([uuids.async]);
    expect(await list('mode=async&status=completed')).toEqual([uuids.async]);
    const all = (await request('GET', '/analyses', { apiKey: tenant.apiKey })).body.items;
    const cleanAt = new Date(all.find((i: any) => i.uuid === uuids.clean).created_at).getTime();
    // created_from ≤ created_at < created_to (the API shows milliseconds; the database keeps microseconds).
    expect(await list(`created_from=${new Date(cleanAt).toISOString()}&created_to=${new Date(cleanAt + 1).toISOString()}`)).toEqual([
      uuids.clean,
    ]);
    expect(await list(`created_to=${new Date(cleanAt).toISOString()}`)).toEqual([uuids.sync]);
    expect(await list(`created_from=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`)).toEqual([]);
    expect(await list('', other.apiKey)).not.toEqual(expect.arrayContaining([uuids.sync]));
    expect(await list(`entity_id=${risky.id}`, other.apiKey)).toHaveLength(1);
  });

  it('pages with a cursor bound to its filters', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (
        await request('GET', `/analyses?limit=1&entity_id=${risky.id}${cursor ? `&cursor=${cursor}` : ''}`, { apiKey: tenant.apiKey })
      ).body;
      expect(page.items.length).toBeLessThanOrEqual(1);
      seen.push(...page.items.map((i: any) => i.uuid));
      cursor = page.next_cursor;
      if (cursor) expect((await request('GET', `/analyses?limit=1&cursor=${cursor}`, { apiKey: tenant.apiKey })).status).toBe(422);
    } while (cursor);
    expect(seen).toEqual([uuids.async, uuids.sync]);
  });

  it.each([
    ['an unknown parameter', 'sort=score', ['query', 'sort']],
    ['an unknown status', 'status=lost', ['query', 'status']],
    ['an unknown risk level', 'risk_level=extreme', ['query', 'risk_level']],
    ['a bad document', 'document=11111111111', ['query', 'document']],
    ['a zero entity id', 'entity_id=0', ['query', 'entity_id']],
    ['a limit of 0', 'limit=0', ['query', 'limit']],
    ['a limit over 200', 'limit=201', ['query', 'limit']],
    ['a date that is not ISO 8601', 'created_from=yesterday', ['query', 'created_from']],
    ['an inverted range', 'created_from=2026-11-02&created_to=2026-11-01', ['query', 'created_to']],
    ['a forged cursor', 'cursor=eyJwIjp7InQiOiJ4IiwiaWQiOjF9fQ', ['query', 'cursor']],
  ])('refuses %s with 422', async (_label, query, loc) => {
    const response = await request('GET', `/analyses?${query}`, { apiKey: tenant.apiKey });
    expect(response.status).toBe(422);
    expect(response.body.detail.map((d: any) => d.loc)).toContainEqual(loc);
  });

  it('needs analyses:read for analyses and adverse_media:read for screenings (403)', async () => {
    const writeOnly = await createTestKey(tenant, ['analyses:write', 'adverse_media:write']);
    expect((await request('GET', '/analyses', { apiKey: writeOnly })).body).toEqual({ detail: 'insufficient_scope' });
    expect((await request('GET', '/adverse-media', { apiKey: writeOnly })).status).toBe(403);
    expect((await request('GET', '/analyses')).status).toBe(401);
  });

  it('lists screenings newest first, filtered by status, entity, document, client_reference and creation time', async () => {
    const company = await createEntity(testDb(), { type: 'organization' });
    const person = await createEntity(testDb(), { type: 'person' });
    const post = async (body: unknown) => (await request('POST', '/adverse-media', { apiKey: tenant.apiKey, body })).body.uuid as string;
    const first = await post({ entity_id: company.id, client_reference: 'kyc-1' });
    const second = await post({ document: person.document, include_related: false });
    const items = (await request('GET', '/adverse-media', { apiKey: tenant.apiKey })).body.items;
    expect(items.slice(0, 2).map((i: any) => i.uuid)).toEqual([second, first]);
    expect(items[1]).toMatchObject({
      uuid: first,
      entity_id: company.id,
      subject: { display_name: company.name, document: company.document },
      client_reference: 'kyc-1',
      include_related: false,
      links: { self: `/adverse-media/${first}` },
    });
    expect(await list(`entity_id=${company.id}`, tenant.apiKey, '/adverse-media')).toEqual([first]);
    expect(await list(`document=${person.document}`, tenant.apiKey, '/adverse-media')).toEqual([second]);
    expect(await list('client_reference=kyc-1', tenant.apiKey, '/adverse-media')).toEqual([first]);
    expect(await list(`entity_id=${company.id}&status=canceled`, tenant.apiKey, '/adverse-media')).toEqual([]);
    expect(
      await list(`created_from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`, tenant.apiKey, '/adverse-media'),
    ).toEqual([]);
    expect(await list(`entity_id=${company.id}`, other.apiKey, '/adverse-media')).toEqual([]);
    expect((await request('GET', '/adverse-media?hits=1', { apiKey: tenant.apiKey })).status).toBe(422);
  });
});
