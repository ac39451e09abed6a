import type { CaseClockInput, CaseClocksOutcome } from '../../contracts/case-workflow-contract';
import type { PublishInput } from '../../contracts/webhook-delivery-workflow-contract';
import { clocksOf, lockCase, updateCase } from '../../db/repositories/cases/case-repository';
import type { SystemActor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../support/usecase-deps';

/**
 * A clock rang: the service level of a case still not closed, or a COAF clock whose report is
 * still not filed, is marked run out (the case reads overdue) with its audit event and a
 * case.overdue to announce. A clock that stopped meanwhile (closed, filed) changes nothing.
 */
export async function markCaseClockRunOut(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: SystemActor,
  input: CaseClockInput,
): Promise<CaseClocksOutcome> {
  const now = nowOf(deps);
  return deps.db.transaction(async (trx) => {
    const row = await lockCase(trx, input.caseUuid);
    if (!row) throw new NotFoundError('case');
    const runOut = input.clock === 'service_level' ? row.status !== 'closed' && row.overdue_at === null : row.coaf_clock === 'running';
    if (!runOut) return { clocks: clocksOf(row), announce: [] };
    const deadline = input.clock === 'service_level' ? row.due_at : row.coaf_deadline_at!;
    const updated = await updateCase(
      trx,
      row.id,
      input.clock === 'service_level' ? { overdue_at: now } : { coaf_clock: 'overdue', ...(row.overdue_at ? {} : { overdue_at: now }) },
      now,
    );
    await recordAuditEvent({ db: trx, clock: deps.clock }, actor, {
      companyId: row.company_id,
      action: 'case.overdue',
      resource: { type: 'case', uuid: row.uuid },
      changes: { clock: input.clock, deadline: deadline.toISOString() },
    });
    const event: PublishInput = {
      companyId: row.company_id,
      type: 'case.overdue',
      data: {
        case_uuid: row.uuid,
        analysis_uuid: row.analysis_uuid,
        clock: input.clock,
        deadline: deadline.toISOString(),
        report_uuid: row.report_uuid,
      },
      idempotencyKey: `case-${row.uuid}-overdue-${input.clock}`,
    };
    return { clocks: clocksOf(updated), announce: [event] };
  });
}
