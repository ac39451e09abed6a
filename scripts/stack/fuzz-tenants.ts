import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { setReportingInstitutionCnpj } from '../../db/repositories/tenancy/company-settings-repository';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../../db/repositories/tenancy/tenancy-repository';
import { planFeatures, scopes } from '../../domain/tenancy';
import { DEMO_REPORTING_CNPJ } from './demo-tenant';

export type FuzzTenant = { name: string; companyId: number; companyUuid: string; apiKey: string };

/**
 * The fuzzer's own companies, new for every run: it never touches the demo company nor another
 * test's data, and whatever it does to its keys' companies (pause or re-point an endpoint, void a
 * report, cancel a run, spend the quota) stays there. Two companies with one key each: the
 * first is the fuzzer's, the second is the peer Schemathesis replays reads as (its
 * object-level authorization check: another company's resource must be a 404). The API has no
 * route that revokes or rotates a key, so no operation can lock the fuzzer out.
 */
export async function createFuzzTenants(db: Knex): Promise<FuzzTenant[]> {
  const run = randomUUID();
  const planCode = `fuzz-${run}`;
  await upsertPlan(db, {
    code: planCode,
    features: [...planFeatures],
    quotas: { analyses: 100_000, adverse_media: 100_000, reports: 10_000, watchlist_queries: 1_000_000, monitors: 100_000 },
    // Far above what one worker sends: the run explores the API, not its 429s (still documented).
    limits: { requests_per_second: 1_000_000, webhook_endpoints: 100_000, test_events_per_endpoint_per_minute: 1_000_000 },
  });
  const tenants: FuzzTenant[] = [];
  for (const name of ['fuzz-a', 'fuzz-b']) {
    const company = await createCompany(db, { name: `Fuzzing ${name} ${run}`, planCode });
    // A reporting institution CNPJ lets the fuzzer's coaf_cos reports be finalized.
    await setReportingInstitutionCnpj(db, company.uuid, DEMO_REPORTING_CNPJ);
    const key = await issueApiKey({ db: db }, SYSTEM_ACTOR, { companyUuid: company.uuid, scopes: [...scopes], name });
    tenants.push({ name, companyId: company.id, companyUuid: company.uuid, apiKey: key.apiKey });
  }
  return tenants;
}

/** Every webhook endpoint URL the fuzzer's companies hold (all must point at the loopback receiver). */
export async function fuzzEndpointUrls(db: Knex, tenants: FuzzTenant[]): Promise<string[]> {
  const rows = await db('webhook_endpoints')
    .whereIn(
      'company_id',
      tenants.map((t) => t.companyId),
    )
    .select('url');
  return rows.map((row: { url: string }) => row.url);
}

/**
 * After the run, the fuzzer's endpoints are paused: the deliveries still scheduled end at their
 * next attempt without a request (their receiver is gone), instead of retrying for days in the
 * worker of an `npm start` stack.
 */
export async function pauseFuzzEndpoints(db: Knex, tenants: FuzzTenant[]): Promise<void> {
  await db('webhook_endpoints')
    .whereIn(
      'company_id',
      tenants.map((t) => t.companyId),
    )
    .update({ status: 'paused', updated_at: db.fn.now() });
}
