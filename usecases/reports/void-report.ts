import { updateReport } from '../../db/repositories/reports/report-repository';
import { ConflictError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { reportsTotal } from '../../infra/metrics';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { requireReport } from './support/report-state';

/**
 * POST /reports/{uuid}/void: a draft or finalized report withdrawn with a reason. Nothing is
 * deleted (10-year retention): the report and every revision stay readable. 409 from any other state.
 */
export async function voidReport(deps: UsecaseDeps, actor: MemberActor, input: { uuid: string; reason: string }): Promise<void> {
  const { uuid, reason } = input;
  const type = await deps.db.transaction(async (trx) => {
    const row = await requireReport(trx, actor.company.id, uuid, { lock: true });
    if (row.status !== 'draft' && row.status !== 'finalized')
      throw new ConflictError(`the report is ${row.status}: only a draft or finalized report can be voided`);
    const voidedAt = new Date();
    await updateReport(trx, row.id, { status: 'voided', void_reason: reason, voided_at: voidedAt });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'report.voided',
      resource: { type: 'report', uuid: row.uuid },
      changes: { status: { from: row.status, to: 'voided' }, void_reason: reason, voided_at: voidedAt },
    });
    return row.type;
  });
  reportsTotal.inc({ type, outcome: 'voided' });
}
