import type { CaseClocksOutcome } from '../../contracts/case-workflow-contract';
import { clocksOf, findCaseByUuid } from '../../db/repositories/cases/case-repository';
import type { SystemActor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import type { UsecaseDeps } from '../support/usecase-deps';

/** The clocks as they are now (the workflow asks after a `clocksChanged` signal). */
export async function readCaseClocks(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: { caseUuid: string },
): Promise<CaseClocksOutcome> {
  const row = await findCaseByUuid(deps.db, input.caseUuid);
  if (!row) throw new NotFoundError('case');
  return { clocks: clocksOf(row), announce: [] };
}
