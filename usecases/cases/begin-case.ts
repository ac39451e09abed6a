import type { CaseClocksOutcome } from '../../contracts/case-workflow-contract';
import type { PublishInput } from '../../contracts/webhook-delivery-workflow-contract';
import { type CaseRow, clocksOf, findCaseByUuid } from '../../db/repositories/cases/case-repository';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';

/** The case's row is not committed (yet): its workflow was started inside the opening transaction. */
class CaseNotCommittedError extends Error {
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
  const row = await findCaseByUuid(deps.db, input.caseUuid);
  if (!row) throw new CaseNotCommittedError(input.caseUuid);
  return { clocks: clocksOf(row), announce: [openedEvent(row)] };
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
