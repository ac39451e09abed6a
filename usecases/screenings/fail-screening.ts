import type { ScreeningOutcome, ScreeningWorkflowInput } from '../../contracts/screening-workflow-contract';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { failScreening as markScreeningFailed } from '../../db/repositories/screenings/screening-repository';
import { finalScreeningOutcome, loadScreeningForWork } from './support/screening-outcome';

/** The public reason stored on a failed screening: internals stay in the worker log. */
const SCREENING_FAILED_REASON = 'screening failed; creating a new screening is safe';

/** Marks an unfinished screening failed (the workflow gave up on it) and returns its outcome. */
export async function failScreening(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: Pick<ScreeningWorkflowInput, 'screeningUuid'>,
): Promise<ScreeningOutcome> {
  const screening = await loadScreeningForWork(deps.db, input.screeningUuid);
  await markScreeningFailed(deps.db, screening.id, SCREENING_FAILED_REASON);
  return finalScreeningOutcome(deps.db, input.screeningUuid);
}
