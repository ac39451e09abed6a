import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createDb } from '../../db/create-db';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../../db/repositories/tenancy/tenancy-repository';
import type { PlanLimits } from '../../domain/plan-limits';
import { planFeatures, scopes as allScopes } from '../../domain/tenancy';
import { stackEnv } from './stack';

let shared: Knex | undefined;

/** A knex pool on the real test database, for fixtures; closed by closeTestDb(). */
export function testDb(): Knex {
  shared ??= createDb(stackEnv().DATABASE_URL, { poolMax: 4, applicationName: 'jest' });
  return shared;
}

export async function closeTestDb(): Promise<void> {
  await shared?.destroy();
  shared = undefined;
}

export type TestTenant = { companyUuid: string; companyId: number; apiKey: string; keyUuid: string; planCode: string };

/**
 * Tests poll and burst far beyond what a customer's key may: a tenant's plan lifts the request
 * rate and the test events per minute unless a test asks for `limits` (then the configured
 * defaults apply to whatever it leaves out).
 */
const generousLimits: PlanLimits = { requests_per_second: 100_000, test_events_per_endpoint_per_minute: 100_000 };

/** A fresh company with its own plan and key: tests never share quota or data by accident. */
export async function createTestTenant(
  options: {
    features?: string[];
    quotas?: Record<string, number>;
    scopes?: string[];
    expiresAt?: Date;
    limits?: PlanLimits;
    db?: Knex;
  } = {},
): Promise<TestTenant> {
  // `db`: a test with a database of its own (its own api and worker) creates its tenant there.
  const db = options.db ?? testDb();
  const planCode = `test-${randomUUID()}`;
  await upsertPlan(db, {
    code: planCode,
    features: options.features ?? [...planFeatures],
    quotas: options.quotas ?? { analyses: 1000, adverse_media: 1000, reports: 100, watchlist_queries: 1000, monitors: 1000 },
    limits: options.limits ?? generousLimits,
  });
  const company = await createCompany(db, { name: `Test company ${planCode}`, planCode });
  const key = await issueApiKey({ db: db }, SYSTEM_ACTOR, {
    companyUuid: company.uuid,
    scopes: options.scopes ?? [...allScopes],
    expiresAt: options.expiresAt,
  });
  return { companyUuid: company.uuid, companyId: company.id, apiKey: key.apiKey, keyUuid: key.keyUuid, planCode };
}

/** Another key for an existing company. */
export async function createTestKey(tenant: TestTenant, scopes: string[], expiresAt?: Date): Promise<string> {
  return (await issueApiKey({ db: testDb() }, SYSTEM_ACTOR, { companyUuid: tenant.companyUuid, scopes, expiresAt })).apiKey;
}
