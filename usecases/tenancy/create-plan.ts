import { insertPlan } from '../../db/repositories/tenancy/tenancy-admin-repository';
import type { OperatorActor } from '../../domain/actor';
import type { PlanLimits } from '../../domain/plan-limits';
import type { PlanQuotas } from '../../domain/tenancy';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

export type CreatePlanInput = { code: string; features: string[]; quotas: PlanQuotas; limits: PlanLimits };

/**
 * An operator creates a plan (`ops plan create`; an existing code is refused). A plan belongs to
 * no company: its `plan.created` event goes to the service chain (companyId null).
 */
export async function createPlan(
  deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>,
  actor: OperatorActor,
  input: CreatePlanInput,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    await insertPlan(trx, { code: input.code, features: input.features, quotas: input.quotas, limits: input.limits });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: null,
      action: 'plan.created',
      resource: { type: 'plan', uuid: input.code },
      changes: { features: input.features, quotas: input.quotas, limits: input.limits },
    });
  });
}
