import { request } from '../support/http';
import { closeTestDb, createTestKey, createTestTenant, TestTenant } from '../support/tenants';

describe('rule catalog endpoints', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(closeTestDb);

  it('lists the catalog versions with their hashes and serves each one in full', async () => {
    const list = await request('GET', '/rule-catalog/versions', { apiKey: tenant.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.versions.length).toBeGreaterThanOrEqual(1);
    const current = list.body.versions.find((v: any) => v.current);
    expect(current.rules_version).toBe(list.body.current);
    expect(current.engine_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(current.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(current.signal_count).toBeGreaterThanOrEqual(20);
    expect(current.pillars.length).toBeGreaterThanOrEqual(6);

    const detail = await request('GET', `/rule-catalog/versions/${encodeURIComponent(current.rules_version)}`, { apiKey: tenant.apiKey });
    expect(detail.status).toBe(200);
    expect(detail.body.engine_fingerprint).toBe(current.engine_fingerprint);
    expect(detail.body.catalog.signals).toHaveLength(current.signal_count);
    for (const signal of detail.body.catalog.signals) {
      expect(signal).toEqual(
        expect.objectContaining({
          code: expect.any(String),
          name: expect.any(String),
          pillar: expect.any(String),
          base_points: expect.any(Number),
          version: expect.any(String),
          evidences: expect.any(Array),
          limitations: expect.any(Array),
        }),
      );
    }
    const modifiers = detail.body.catalog.meta_signals.flatMap((m: any) => [...m.aggravants, ...m.attenuants]);
    expect(modifiers.length).toBeGreaterThan(0);
    for (const m of modifiers) expect(Number.isInteger(m.multiplier_delta)).toBe(true);
  });

  it('answers 404 for an unknown version and 403 without analyses:read', async () => {
    expect(await request('GET', '/rule-catalog/versions/1999.1.1', { apiKey: tenant.apiKey })).toMatchObject({
      status: 404,
      body: { detail: 'rule catalog version not found' },
    });
    const key = await createTestKey(tenant, ['webhooks:read']);
    expect((await request('GET', '/rule-catalog/versions', { apiKey: key })).status).toBe(403);
  });

  it('documents the catalog, analysis and workflow routes in /openapi.json', async () => {
    const list = await request('GET', '/rule-catalog/versions', { apiKey: tenant.apiKey });
    const analyses = await request('GET', '/openapi.json');
    expect(analyses.status).toBe(200);
    expect(Object.keys(analyses.body.paths)).toEqual(
      expect.arrayContaining([
        '/rule-catalog/versions',
        '/rule-catalog/versions/{version}',
        '/analyses',
        '/api/analyses',
        '/api/analyses/{analysis_uuid}',
        '/workflows/analyses/{analysis_uuid}',
      ]),
    );
    expect(list.body.versions.every((v: any) => typeof v.scoring_engine_version === 'string')).toBe(true);
  });
});
