import { caseSignals, caseWorkflowContract } from '../../../contracts/case-workflow-contract';
import { type CaseRow, casesAwaitingReport, updateCase } from '../../../db/repositories/cases/case-repository';
import type { Actor } from '../../../domain/actor';
import type { Executor } from '../../../db/create-db';
import { signalWorkflow } from '../../../infra/signal-workflow';
import { recordAuditEvent } from '../../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../../support/usecase-deps';

/**
 * The clocks of a case (docs/people-and-cases.md, "Clocks"): what the case workflow starts from
 * (begin-case.ts, read-case-clocks.ts), what it does when one runs out (mark-case-clock-run-out.ts),
 * and how filing the linked report stops the COAF clock (here, in the filing's transaction).
 */

/**
 * Filing a report stops the COAF clock of the cases it was drafted for (in the filing's
 * transaction, with an audit event each); their workflows are told after the commit.
 */
export async function stopCoafClocksOfReport(
  trx: Executor,
  deps: Pick<UsecaseDeps, 'clock' | 'requestId'>,
  input: { companyId: number; reportUuid: string; filedBy: Actor },
): Promise<CaseRow[]> {
  const now = nowOf(deps);
  const stopped: CaseRow[] = [];
  for (const row of await casesAwaitingReport(trx, input.companyId, input.reportUuid)) {
    stopped.push(await updateCase(trx, row.id, { coaf_clock: 'filed' }, now));
    await recordAuditEvent({ db: trx, clock: deps.clock, requestId: deps.requestId }, input.filedBy, {
      companyId: input.companyId,
      action: 'case.coaf_filed',
      resource: { type: 'case', uuid: row.uuid },
      changes: { coaf_clock: 'filed', report_uuid: input.reportUuid },
    });
  }
  return stopped;
}

/** Tells each case's workflow its clocks changed (it re-reads them and may end); best effort: the clock's own timer finds it stopped anyway. */
export async function notifyCaseClocksChanged(
  deps: Pick<UsecaseDeps, 'temporal' | 'logger'>,
  cases: { uuid: string; companyUuid: string }[],
): Promise<void> {
  for (const c of cases) {
    try {
      await signalWorkflow(
        deps.temporal,
        caseWorkflowContract.workflowId({ companyUuid: c.companyUuid, caseUuid: c.uuid }),
        caseSignals.clocksChanged,
      );
    } catch (error) {
      deps.logger.warn(
        { case_uuid: c.uuid, err: { message: error instanceof Error ? error.message : String(error) } },
        'case workflow not told of its stopped clock; its timer will find it',
      );
    }
  }
}
