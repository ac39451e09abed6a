import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { cancelScreening, findScreeningForWork } from '../../db/repositories/screenings/screening-repository';
import { recordAuditEvent } from '../audit/record-audit-event';
import { giveBackQuotaOf } from '../tenancy/support/reserve-quota';

/**
 * The end of a screening canceled through POST /workflows/{id}/cancel: `canceled` (no hits: a
 * screening's hits land with its completion, in one transaction) and its unit of `adverse_media`
 * quota given back, in one transaction, so a retried cleanup gives back once. `canceled` says
 * whether the screening ends canceled (by this call or an earlier try); false when it finished first.
 */
export async function cancelScreeningRun(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: SystemActor,
  input: { screeningUuid: string },
): Promise<{ canceled: boolean }> {
  const { db } = deps;
  return db.transaction(async (trx) => {
    const canceled = await cancelScreening(trx, input.screeningUuid);
    if (canceled) {
      await giveBackQuotaOf(trx, { companyId: canceled.company_id, operation: 'adverse_media', reservedAt: canceled.created_at });
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        companyId: canceled.company_id,
        action: 'screening.canceled',
        resource: { type: 'screening', uuid: input.screeningUuid },
        changes: { status: 'canceled' },
      });
    }
    return { canceled: Boolean(canceled) || (await findScreeningForWork(trx, input.screeningUuid))?.status === 'canceled' };
  });
}
