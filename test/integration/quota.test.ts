import { getQuotaUsage, releaseQuota, reserveQuota } from '../../db/repositories/tenancy-repository';
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
