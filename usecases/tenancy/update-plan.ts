import { type PlanRow, updatePlan as writePlan } from '../../db/repositories/tenancy/tenancy-admin-repository';
import type { OperatorActor } from '../../domain/actor';
import type { PlanLimits } from '../../domain/plan-limits';
import type { PlanQuotas } from '../../domain/tenancy';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

/** What changes (absent: unchanged; quotas and limits merge per name). */
export type UpdatePlanInput = { code: string; features?: string[]; quotas?: PlanQuotas; limits?: PlanLimits };

/** An operator changes a plan (`ops plan update`), with the `plan.updated` event on the service chain (a plan belongs to no company). */
export async function updatePlan(
  deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>,
  actor: OperatorActor,
  input: UpdatePlanInput,
): Promise<PlanRow> {
  return deps.db.transaction(async (trx) => {
    const updated = await writePlan(trx, input.code, { features: input.features, quotas: input.quotas, limits: input.limits });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: null,
      action: 'plan.updated',
      resource: { type: 'plan', uuid: input.code },
      changes: { features: input.features, quotas: input.quotas, limits: input.limits },
    });
    return updated;
  });
}
