import type { Executor } from '../../create-db';
import { NotFoundError } from '../../../domain/errors';
import type { PlanLimits } from '../../../domain/plan-limits';
import type { PlanQuotas } from '../../../domain/tenancy';

export type PlanInput = { code: string; features: string[]; quotas: PlanQuotas; limits?: PlanLimits };

/** Creates or updates a plan by code (plans are configuration: re-running converges). */
export async function upsertPlan(db: Executor, plan: PlanInput): Promise<{ id: number; code: string }> {
  const [row] = await db('plans')
    .insert({ code: plan.code, features: plan.features, quotas: JSON.stringify(plan.quotas), limits: JSON.stringify(plan.limits ?? {}) })
    .onConflict('code')
    .merge(['features', 'quotas', 'limits'])
    .returning(['id', 'code']);
  return row;
}

export async function createCompany(db: Executor, input: { name: string; planCode: string; uuid?: string }) {
  const plan = await db('plans').where({ code: input.planCode }).first('id');
  if (!plan) throw new NotFoundError('plan');
  const [row] = await db('companies')
    .insert({ name: input.name, plan_id: plan.id, ...(input.uuid ? { uuid: input.uuid } : {}) })
    .returning(['id', 'uuid', 'name']);
  return row as { id: number; uuid: string; name: string };
}

export async function findCompanyByUuid(db: Executor, uuid: string) {
  return db('companies').where({ uuid }).first(['id', 'uuid', 'name', 'plan_id']);
}

export async function findCompanyUuid(db: Executor, companyId: number): Promise<string | undefined> {
  return (await db('companies').where({ id: companyId }).first('uuid'))?.uuid;
}
