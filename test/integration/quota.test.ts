import { getQuotaUsage, releaseQuota, reserveQuota } from '../../db/repositories/tenancy/quota-usage-repository';
import { quotaPeriod } from '../../domain/tenancy';
import { addEntityDocument, createCleanCompany, createEntity, randomCnpj } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';
import { createDb } from '../../db/create-db';
import { stackEnv } from '../support/stack';

describe('quota reservation is atomic on the real Postgres', () => {
  afterAll(closeTestDb);

  it('lets exactly M of N concurrent reservations through', async () => {
    const tenant = await createTestTenant();
    // A pool as wide as the burst, so that the reservations really run concurrently.
    const db = createDb(stackEnv().DATABASE_URL, { poolMax: 25 });
    try {
      const input = { companyId: tenant.companyId, operation: 'analyses', period: '2026-11', limit: 7 };
      const results = await Promise.all(Array.from({ length: 25 }, () => reserveQuota(db, input)));
      expect(results.filter(Boolean)).toHaveLength(7);
      expect(await getQuotaUsage(db, tenant.companyId, '2026-11')).toEqual({ analyses: 7 });
      await releaseQuota(db, input);
      expect(await reserveQuota(db, input)).toBe(true);
      expect(await reserveQuota(db, input)).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('gives nothing when the plan has no quota for the operation', async () => {
    const tenant = await createTestTenant();
    expect(await reserveQuota(testDb(), { companyId: tenant.companyId, operation: 'reports', period: '2026-11', limit: 0 })).toBe(false);
    expect(await getQuotaUsage(testDb(), tenant.companyId, '2026-11')).toEqual({});
  });
});

describe('quota is held only for accepted work', () => {
  afterAll(closeTestDb);

  /** Requests bound to fail before any work starts: unknown subject, ambiguous document, bad document, foreign endpoint. */
  async function doomedRequests(apiKey: string) {
    const ambiguous = await createEntity(testDb(), { type: 'organization', document: randomCnpj() });
    const twin = await createEntity(testDb(), { type: 'organization', document: null });
    await addEntityDocument(testDb(), twin.id, ambiguous.document!);
    const { subject } = await createCleanCompany(testDb());
    const unknownEntity = 2_000_000_000;
    const foreignEndpoint = '0f8fad5b-d9cb-469f-a165-70867728950e';
    return [
      { path: '/analyses', body: { entity_id: unknownEntity }, status: 404 },
      { path: '/analyses', body: { document: ambiguous.document }, status: 409 },
      { path: '/analyses', body: { document: '11.111.111/1111-11' }, status: 422 },
      { path: '/api/analyses', body: { entity_id: unknownEntity }, status: 404 },
      { path: '/api/analyses', body: { entity_id: subject.id, webhook_endpoint_uuid: foreignEndpoint }, status: 422 },
      { path: '/adverse-media', body: { entity_id: unknownEntity }, status: 404 },
      { path: '/adverse-media', body: { document: ambiguous.document }, status: 409 },
      { path: '/adverse-media', body: { document: '123' }, status: 422 },
    ].map((r) => ({ ...r, send: () => request('POST', r.path, { apiKey, body: r.body }) }));
  }

  it('no billable route reserves a unit for a request that fails before its work starts', async () => {
    const tenant = await createTestTenant({ quotas: { analyses: 3, adverse_media: 3 } });
    const doomed = await doomedRequests(tenant.apiKey);
    const answers = await Promise.all(doomed.map((r) => r.send()));
    expect(answers.map((a) => a.status)).toEqual(doomed.map((r) => r.status));
    // A reservation given back leaves its row at 0; no row at all means none was ever taken.
    expect(await getQuotaUsage(testDb(), tenant.companyId, quotaPeriod(new Date()))).toEqual({});
  });

  it('three requests bound to fail and one valid request at quota 3, all at once: the valid one gets 201', async () => {
    const tenant = await createTestTenant({ quotas: { analyses: 3 } });
    const doomed = (await doomedRequests(tenant.apiKey)).filter((r) => r.path === '/analyses');
    const { subject } = await createCleanCompany(testDb());
    for (let round = 0; round < 3; round++) {
      const [valid, ...failed] = await Promise.all([
        request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } }),
        ...doomed.map((r) => r.send()),
      ]);
      expect(failed.map((a) => a.status)).toEqual([404, 409, 422]);
      expect(valid.status).toBe(201);
    }
    expect(await getQuotaUsage(testDb(), tenant.companyId, quotaPeriod(new Date()))).toEqual({ analyses: 3 });
    const over = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(over).toMatchObject({ status: 429, body: { detail: 'quota_exceeded' } });
  });
});
