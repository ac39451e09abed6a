import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { findActiveApiKey, setApiKeyScopes } from '../../db/repositories/tenancy/api-key-repository';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { hashApiKey } from '../../domain/api-key-secret';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { createCompany, findCompanyByUuid, upsertPlan } from '../../db/repositories/tenancy/tenancy-repository';
import { planFeatures, scopes } from '../../domain/tenancy';
import { findCompanySettings, setReportingInstitutionCnpj } from '../../db/repositories/tenancy/company-settings-repository';
import { institutionCodes } from '../../db/repositories/reports/regulatory-code-repository';
import { importRegulatoryCodes } from '../../usecases/reports/import-regulatory-codes';
import { exampleCodesCsv } from '../../support/siscoaf-example';

export const DEMO_COMPANY_UUID = '00000000-0000-4000-8000-00000000de00';
/** A valid (fictitious) CNPJ, so that the demo's COAF reports finalize; `ops company update --cnpj` changes it. */
export const DEMO_REPORTING_CNPJ = '11222333000181';

type DemoCredentials = { company_uuid: string; key_uuid: string; api_key: string };

/**
 * The demo plan, company and API key. Keys are stored only as hashes, so the plain key is kept
 * in the local data directory (mode 600) to be printed again by the next `npm start`.
 */
export async function ensureDemoTenant(db: Knex, dataDir: string): Promise<DemoCredentials> {
  await upsertPlan(db, {
    code: 'demo',
    features: [...planFeatures],
    quotas: { analyses: 100_000, adverse_media: 10_000, reports: 1_000, watchlist_queries: 100_000, monitors: 100_000 },
  });
  if (!(await findCompanyByUuid(db, DEMO_COMPANY_UUID))) {
    await createCompany(db, { name: 'Demo Company', planCode: 'demo', uuid: DEMO_COMPANY_UUID });
  }
  const company = await findCompanyByUuid(db, DEMO_COMPANY_UUID);
  if (!(await findCompanySettings(db, company.id))?.reporting_institution_cnpj)
    await setReportingInstitutionCnpj(db, DEMO_COMPANY_UUID, DEMO_REPORTING_CNPJ);
  // An example institution's Siscoaf tables, so that the showcase's COS can be finalized once its occurrence data is entered.
  if ((await institutionCodes(db, company.id)).length === 0)
    await importRegulatoryCodes({ db }, SYSTEM_ACTOR, { companyUuid: DEMO_COMPANY_UUID, csv: exampleCodesCsv() });
  const file = path.join(dataDir, 'demo-credentials.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DemoCredentials;
    const active = await findActiveApiKey(db, hashApiKey(saved.api_key), new Date());
    if (active) {
      // A demo key made before new scopes existed (e.g. workflows:*) gets them.
      if (scopes.some((scope) => !active.scopes.has(scope))) await setApiKeyScopes(db, saved.key_uuid, [...scopes]);
      return saved;
    }
  }
  const key = await issueApiKey({ db }, SYSTEM_ACTOR, { companyUuid: DEMO_COMPANY_UUID, scopes: [...scopes], name: 'demo' });
  const credentials = { company_uuid: DEMO_COMPANY_UUID, key_uuid: key.keyUuid, api_key: key.apiKey };
  writeFileSync(file, JSON.stringify(credentials, null, 2), { mode: 0o600 });
  return credentials;
}
