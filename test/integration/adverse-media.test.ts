import { screenEntityNames } from '../../usecases/screenings/support/screen-media-names';
import { request } from '../support/http';
import { addEntityDocument, createEntity, formatCnpj, link } from '../../support/entity-fixtures';
import { insertArticle, inventedWord } from '../support/media-fixtures';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(90_000);

async function waitForScreening(apiKey: string, uuid: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    last = await request('GET', `/adverse-media/${uuid}`, { apiKey });
    if (last.body?.status === 'completed' || last.body?.status === 'failed') return last.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`screening ${uuid} did not finish: ${JSON.stringify(last?.body)}`);
}

describe('adverse media: POST /adverse-media, the screening workflow, GET /adverse-media/{uuid}', () => {
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  const a = inventedWord();
  const b = inventedWord();
  const p = inventedWord();
  const q = inventedWord();
  let company: { id: number; document: string | null; name: string };
  let partner: { id: number };
  const articles: Record<string, string> = {};

  beforeAll(async () => {
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
    const db = testDb();
    company = await createEntity(db, {
      type: 'organization',
      name: `Metalúrgica ${a} ${b} Ltda`,
      profile: { trade_name: `${a} ${b} Metais` },
    });
    partner = await createEntity(db, { type: 'person', name: `Renato ${p} ${q}` });
    await link(db, partner.id, company.id, { role: 'Sócio-Administrador' });
    articles.laundering = await insertArticle(db, {
      title: `PF deflagra operação contra lavagem de dinheiro`,
      body: `A Polícia Federal cumpriu mandados na sede da METALURGICA ${a.toUpperCase()} ${b.toUpperCase()} LIMITADA, suspeita de lavagem de dinheiro por meio de empresas de fachada.`,
      publishedAt: '2025-03-10T09:00:00Z',
    });
    articles.englishFraud = await insertArticle(db, {
      title: `${a} ${b} Metais accused of fraud`,
      body: `Prosecutors say ${a} ${b} Metais issued forged invoices in a fraud scheme.`,
      publishedAt: '2025-04-02T09:00:00Z',
      language: 'en',
    });
    articles.partnerCorruption = await insertArticle(db, {
      title: `Empresário é preso por corrupção`,
      body: `O empresário ${q.toUpperCase()}, Renato ${p}, foi preso acusado de pagar propina a servidores. Renato ${p} ${q} nega.`,
      publishedAt: '2025-02-01T09:00:00Z',
    });
    // Precision: one distinctive word with generic ones, and a homonym with another middle name.
    articles.noise = await insertArticle(db, {
      title: `${b} Comércio Ltda é multada`,
      body: `A ${b} Comércio Ltda e Renato Augusto ${q} foram citados em investigação de sonegação.`,
      publishedAt: '2025-05-01T09:00:00Z',
    });
    // Published after the screening's creation: never part of it.
    articles.future = await insertArticle(db, {
      title: `Metalúrgica ${a} ${b} Ltda condenada por crime ambiental`,
      body: 'Desmatamento ilegal.',
      publishedAt: '2099-01-01T00:00:00Z',
    });
  });
  afterAll(async () => {
    await receiver.close();
    await closeTestDb();
  });

  it('screens an organization by document with its partners, classifies hits and emits a signed adverse_media.completed', async () => {
    const hookPath = '/hooks/adverse-media';
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'media', url: receiver.url(hookPath), subscribed_events: ['webhook.test'] },
    });
    expect(endpoint.status).toBe(201);
    receiver.setSecret(hookPath, endpoint.body.secret);

    const created = await request('POST', '/adverse-media', {
      apiKey: tenant.apiKey,
      body: {
        document: formatCnpj(company.document!),
        include_related: true,
        client_reference: 'onboarding-42',
        webhook_endpoint_uuid: endpoint.body.uuid,
      },
    });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ uuid: expect.any(String), status: 'queued' });
    expect(created.headers.get('location')).toBe(`/adverse-media/${created.body.uuid}`);

    const screening = await waitForScreening(tenant.apiKey, created.body.uuid);
    expect(screening.status).toBe('completed');
    expect(screening.subject).toMatchObject({ entity_id: company.id, entity_type: 'organization' });
    expect(screening.client_reference).toBe('onboarding-42');
    expect(screening.names).toEqual([
      { entity_id: company.id, name: `Metalúrgica ${a} ${b} Ltda`, kind: 'organization', source: 'display_name' },
      { entity_id: company.id, name: `${a} ${b} Metais`, kind: 'organization', source: 'trade_name' },
      { entity_id: partner.id, name: `Renato ${p} ${q}`, kind: 'person', source: 'administrator' },
    ]);

    const byArticle = Object.fromEntries(screening.hits.map((h: any) => [h.article.id, h]));
    expect(Object.keys(byArticle).sort()).toEqual([articles.laundering, articles.englishFraud, articles.partnerCorruption].sort());
    expect(byArticle[articles.laundering]).toMatchObject({
      entity_id: company.id,
      match_type: 'exact_full_name',
      match_score: 100,
      category: 'money_laundering',
      matched_in: 'body',
    });
    expect(byArticle[articles.laundering].snippet).toContain(`«METALURGICA ${a.toUpperCase()} ${b.toUpperCase()} LIMITADA»`);
    expect(byArticle[articles.laundering].article).toMatchObject({
      url: `https://news.example/${articles.laundering}`,
      published_at: '2025-03-10T09:00:00.000Z',
    });
    expect(byArticle[articles.englishFraud]).toMatchObject({
      matched_name: `${a} ${b} Metais`,
      match_type: 'exact_full_name',
      category: 'fraud',
      matched_in: 'title',
    });
    expect(byArticle[articles.partnerCorruption]).toMatchObject({ entity_id: partner.id, category: 'corruption' });
    expect(screening.hit_count).toBe(3);
    expect(screening.counts_by_category).toMatchObject({ money_laundering: 1, fraud: 1, corruption: 1, tax_crimes: 0, other: 0 });
    expect(screening.versions.matcher_version).toMatch(/^media-matcher-/);

    await receiver.waitFor(() => receiver.deliveries(hookPath).length > 0, 20_000, 'the adverse_media.completed delivery');
    const [delivery] = receiver.deliveries(hookPath);
    expect(delivery.verified).toBe(true);
    expect(delivery.payload).toMatchObject({
      type: 'adverse_media.completed',
      data: {
        screening_uuid: created.body.uuid,
        status: 'completed',
        entity_id: company.id,
        client_reference: 'onboarding-42',
        hit_count: 3,
      },
    });
  });

  it('screens only the subject without include_related, by entity_id', async () => {
    const created = await request('POST', '/adverse-media', { apiKey: tenant.apiKey, body: { entity_id: company.id } });
    expect(created.status).toBe(202);
    const screening = await waitForScreening(tenant.apiKey, created.body.uuid);
    expect(screening.names.map((n: any) => n.entity_id)).toEqual([company.id, company.id]);
    expect(screening.hits.map((h: any) => h.article.id).sort()).toEqual([articles.laundering, articles.englishFraud].sort());
  });

  it('resolves the subject like analyses: 422 for both/neither or a bad document, 404 unknown, 409 ambiguous', async () => {
    const post = (body: unknown) => request('POST', '/adverse-media', { apiKey: tenant.apiKey, body });
    expect((await post({})).status).toBe(422);
    expect((await post({ entity_id: company.id, document: company.document })).status).toBe(422);
    expect((await post({ document: '11111111111' })).status).toBe(422);
    expect((await post({ entity_id: company.id, client_reference: 'x'.repeat(257) })).status).toBe(422);
    expect(
      (await post({ entity_id: company.id, webhook_endpoint_uuid: '00000000-0000-4000-8000-000000000000' })).body.detail[0].loc,
    ).toEqual(['body', 'webhook_endpoint_uuid']);
    expect((await post({ entity_id: 999_999_999 })).status).toBe(404);
    const twin = await createEntity(testDb(), { type: 'organization' });
    await addEntityDocument(testDb(), twin.id, company.document!);
    const ambiguous = await post({ document: company.document });
    expect(ambiguous.status).toBe(409);
    expect(typeof ambiguous.body.detail).toBe('string');
    expect(ambiguous.body.candidates.map((c: any) => [c.entity_id, c.entity_type, c.display_name])).toEqual([
      [company.id, 'organization', company.name],
      [twin.id, 'organization', twin.name],
    ]);
    await testDb()('entity_documents').where({ entity_id: twin.id, document: company.document }).delete();
  });

  it("answers 404 for another company's screening and a missing one", async () => {
    const created = await request('POST', '/adverse-media', { apiKey: tenant.apiKey, body: { entity_id: partner.id } });
    const other = await createTestTenant();
    const foreign = await request('GET', `/adverse-media/${created.body.uuid}`, { apiKey: other.apiKey });
    const missing = await request('GET', '/adverse-media/6f1c1f5e-3c1b-4c44-9a43-1d1b1b1b1b1b', { apiKey: other.apiKey });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });

  it('checks scopes, the plan feature and the quota (only accepted work uses it)', async () => {
    const readOnly = await createTestKey(tenant, ['adverse_media:read']);
    expect((await request('POST', '/adverse-media', { apiKey: readOnly, body: { entity_id: company.id } })).status).toBe(403);

    const noFeature = await createTestTenant({ features: ['analyses'] });
    const refused = await request('POST', '/adverse-media', { apiKey: noFeature.apiKey, body: { entity_id: company.id } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'feature_not_in_plan' });

    const small = await createTestTenant({ quotas: { adverse_media: 1 } });
    expect((await request('POST', '/adverse-media', { apiKey: small.apiKey, body: { entity_id: 999_999_999 } })).status).toBe(404);
    expect((await request('POST', '/adverse-media', { apiKey: small.apiKey, body: { entity_id: company.id } })).status).toBe(202);
    const exhausted = await request('POST', '/adverse-media', { apiKey: small.apiKey, body: { entity_id: company.id } });
    expect(exhausted.status).toBe(429);
    expect(exhausted.body).toEqual({ detail: 'quota_exceeded' });
  });

  it('gives the analysis engine the same hits through screenEntityNames: as_of cut-off, one deterministic order', async () => {
    const names = [
      { entity_id: company.id, name: `Metalúrgica ${a} ${b} Ltda`, kind: 'organization' as const },
      { entity_id: company.id, name: `${a} ${b} Metais`, kind: 'organization' as const },
    ];
    const before = await screenEntityNames(testDb(), { names, asOf: '2025-03-31' });
    expect(before.map((h) => h.article_id)).toEqual([articles.laundering]);
    const later = await screenEntityNames(testDb(), { names, asOf: '2025-12-31' });
    expect(later.map((h) => [h.article_id, h.match_type, h.category])).toEqual([
      [articles.englishFraud, 'exact_full_name', 'fraud'],
      [articles.laundering, 'exact_full_name', 'money_laundering'],
    ]);
    expect(Object.keys(later[0]).sort()).toEqual([
      'article_id',
      'category',
      'entity_id',
      'match_score',
      'match_type',
      'matched_name',
      'published_at',
      'snippet',
      'source',
      'title',
      'url',
    ]);
    expect(await screenEntityNames(testDb(), { names: [...names].reverse(), asOf: '2025-12-31' })).toEqual(later);
    expect((await screenEntityNames(testDb(), { names, asOf: '2100-01-01' })).map((h) => h.article_id)).toContain(articles.future);
  });
});
