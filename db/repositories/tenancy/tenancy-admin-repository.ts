import type { Executor } from '../../create-db';
import { ConflictError, NotFoundError } from '../../../domain/errors';
import { type PlanLimits, readPlanLimits } from '../../../domain/plan-limits';
import type { PlanQuotas } from '../../../domain/tenancy';

/** What operators manage through the ops CLI: plans, companies and keys (never a key's hash). */
export type PlanRow = { code: string; features: string[]; quotas: PlanQuotas; limits: PlanLimits; companies: number };

async function findPlan(db: Executor, code: string): Promise<PlanRow | undefined> {
  return (await listPlans(db, code))[0];
}

export async function listPlans(db: Executor, code?: string): Promise<PlanRow[]> {
  const rows = await db('plans as p')
    .leftJoin('companies as c', 'c.plan_id', 'p.id')
    .modify((q) => {
      if (code) q.where('p.code', code);
    })
    .groupBy('p.id')
    .orderBy('p.code')
    .select('p.code', 'p.features', 'p.quotas', 'p.limits', db.raw('count(c.id)::int AS companies'));
  return rows.map((r: any) => ({
    code: r.code,
    features: r.features,
    quotas: r.quotas ?? {},
    limits: readPlanLimits(r.limits),
    companies: r.companies,
  }));
}

/** A new plan; an existing code is a conflict (`plan update` changes one). */
export async function insertPlan(
  db: Executor,
  plan: { code: string; features: string[]; quotas: PlanQuotas; limits: PlanLimits },
): Promise<void> {
  const inserted = await db('plans')
    .insert({ code: plan.code, features: plan.features, quotas: JSON.stringify(plan.quotas), limits: JSON.stringify(plan.limits) })
    .onConflict('code')
    .ignore()
    .returning('id');
  if (inserted.length === 0)
    throw new ConflictError(`plan "${plan.code}" already exists; \`ops plan update --code ${plan.code}\` changes it`);
}

/** Only what is given changes: features replaced when given, quotas and limits merged per name. */
export async function updatePlan(
  db: Executor,
  code: string,
  change: { features?: string[]; quotas?: PlanQuotas; limits?: PlanLimits },
): Promise<PlanRow> {
  const current = await findPlan(db, code);
  if (!current) throw new NotFoundError(`plan "${code}"`);
  const next = {
    features: change.features ?? current.features,
    quotas: { ...current.quotas, ...(change.quotas ?? {}) },
    limits: { ...current.limits, ...(change.limits ?? {}) },
  };
  await db('plans')
    .where({ code })
    .update({ features: next.features, quotas: JSON.stringify(next.quotas), limits: JSON.stringify(next.limits) });
  return { ...current, ...next };
}

/**
 * `reporting_institution_cnpj`: the company's own CNPJ, the reporting institution of its COAF reports;
 * `monitoring_review_months`: its months between periodic reviews per risk level (only the levels it set).
 */
export type CompanyRow = {
  uuid: string;
  name: string;
  reporting_institution_cnpj: string | null;
  plan_code: string;
  active_keys: number;
  created_at: string;
  monitoring_review_months: Record<string, number>;
};

export async function listCompanies(db: Executor, filter: { plan?: string; uuid?: string } = {}): Promise<CompanyRow[]> {
  const rows = await db('companies as c')
    .join('plans as p', 'p.id', 'c.plan_id')
    .leftJoin('api_keys as k', (j) => j.on('k.company_id', 'c.id').andOnNull('k.revoked_at'))
    .modify((q) => {
      if (filter.plan) q.where('p.code', filter.plan);
      if (filter.uuid) q.where('c.uuid', filter.uuid);
    })
    .groupBy('c.id', 'p.code')
    .orderBy('c.created_at', 'desc')
    .select(
      'c.uuid',
      'c.name',
      'c.reporting_institution_cnpj',
      'c.monitoring_review_months',
      'p.code as plan_code',
      'c.created_at',
      db.raw('count(k.id)::int AS active_keys'),
    );
  return rows.map((r: any) => ({
    uuid: r.uuid,
    name: r.name,
    reporting_institution_cnpj: r.reporting_institution_cnpj,
    plan_code: r.plan_code,
    active_keys: r.active_keys,
    created_at: new Date(r.created_at).toISOString(),
    monitoring_review_months: r.monitoring_review_months ?? {},
  }));
}

export async function updateCompany(
  db: Executor,
  uuid: string,
  change: { name?: string; planCode?: string; reportingInstitutionCnpj?: string | null; monitoringReviewMonths?: Record<string, number> },
): Promise<CompanyRow> {
  const update: Record<string, unknown> = {};
  if (change.monitoringReviewMonths !== undefined) update.monitoring_review_months = JSON.stringify(change.monitoringReviewMonths);
  if (change.name !== undefined) update.name = change.name;
  if (change.reportingInstitutionCnpj !== undefined) update.reporting_institution_cnpj = change.reportingInstitutionCnpj;
  if (change.planCode !== undefined) {
    const plan = await db('plans').where({ code: change.planCode }).first('id');
    if (!plan) throw new NotFoundError(`plan "${change.planCode}"`);
    update.plan_id = plan.id;
  }
  const changed = await db('companies').where({ uuid }).update(update).returning('id');
  if (changed.length === 0) throw new NotFoundError('company');
  return (await listCompanies(db, { uuid }))[0];
}

export async function listApiKeys(db: Executor, companyUuid: string) {
  const company = await db('companies').where({ uuid: companyUuid }).first('id');
  if (!company) throw new NotFoundError('company');
  const rows = await db('api_keys as k')
    .leftJoin('people as p', 'p.id', 'k.person_id')
    .where({ 'k.company_id': company.id })
    .orderBy('k.created_at', 'desc')
    .select(
      'k.uuid',
      'k.name',
      'k.key_prefix',
      'k.scopes',
      'k.expires_at',
      'k.revoked_at',
      'k.last_used_at',
      'k.created_at',
      'p.uuid as person_uuid',
    );
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return rows.map((r: any) => ({
    key_uuid: r.uuid,
    name: r.name,
    key_prefix: r.key_prefix,
    scopes: r.scopes,
    person_uuid: r.person_uuid ?? null,
    expires_at: iso(r.expires_at),
    revoked_at: iso(r.revoked_at),
    last_used_at: iso(r.last_used_at),
    created_at: iso(r.created_at),
  }));
}
