import { type CaseClockInput, type CaseClocksOutcome, caseSignals, caseWorkflowContract } from '../../contracts/case-workflow-contract';
import type { PublishInput } from '../../contracts/webhook-delivery-workflow-contract';
import { type CaseRow, casesAwaitingReport, clocksOf, lockCase, updateCase } from '../../db/repositories/cases/case-repository';
import { type Actor, type SystemActor } from '../../domain/actor';
import type { Executor } from '../../db/create-db';
import { NotFoundError } from '../../domain/errors';
import { signalWorkflow } from '../../infra/signal-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { nowOf, type UsecaseDeps } from '../support/usecase-deps';

/**
 * The clocks of a case (docs/people-and-cases.md, "Clocks"): what the case workflow starts from,
 * what it does when one runs out, and how filing the linked report stops the COAF clock.
 */

/** The case's row is not committed (yet): its workflow was started inside the opening transaction. */
export class CaseNotCommittedError extends Error {
  constructor(caseUuid: string) {
    super(`case ${caseUuid} is not committed (yet)`);
    this.name = 'CaseNotCommittedError';
  }
}

/**
 * The first step of a case's workflow: its clocks, and the case.opened event to announce. The
 * workflow starts before its opening transaction commits: a row not there yet is retried (for a
 * minute or so, then the workflow of a rolled-back opening ends).
 */
export async function beginCase(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { caseUuid: string },
): Promise<CaseClocksOutcome> {
  const row = await deps.db('cases').where({ uuid: input.caseUuid }).first();
  if (!row) throw new CaseNotCommittedError(input.caseUuid);
  return { clocks: clocksOf(row), announce: [openedEvent(row)] };
}

/** The clocks as they are now (the workflow asks after a `clocksChanged` signal). */
export async function readCaseClocks(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { caseUuid: string },
): Promise<CaseClocksOutcome> {
  const row = await deps.db('cases').where({ uuid: input.caseUuid }).first();
  if (!row) throw new NotFoundError('case');
  return { clocks: clocksOf(row), announce: [] };
}

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

function openedEvent(row: CaseRow): PublishInput {
  return {
    companyId: row.company_id,
    type: 'case.opened',
    data: {
      case_uuid: row.uuid,
      analysis_uuid: row.analysis_uuid,
      alert_uuid: row.alert_uuid,
      reason: row.reason,
      priority: row.priority,
      due_at: row.due_at.toISOString(),
    },
    idempotencyKey: `case-${row.uuid}-opened`,
  };
}
