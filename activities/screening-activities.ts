import { ApplicationFailure } from '@temporalio/activity';
import { type ScreeningOutcome, screeningWorkflowContract, type ScreeningWorkflowInput } from '../contracts/screening-workflow-contract';
import { NotFoundError } from '../domain/errors';
import { cancelScreeningRun } from '../usecases/screenings/cancel-screening';
import { failScreening } from '../usecases/screenings/fail-screening';
import { screenSubjectMedia } from '../usecases/screenings/screen-subject-media';
import { SYSTEM_ACTOR } from '../domain/actor';
import type { ActivityDeps } from './activity-deps';

/** A screening that is gone cannot be cured by retrying. */
async function asScreeningActivity<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotFoundError)
      throw ApplicationFailure.nonRetryable(error.message, screeningWorkflowContract.failureTypes.notFound);
    throw error;
  }
}

export function createScreeningActivities(deps: ActivityDeps) {
  return {
    screenSubjectMedia: (input: ScreeningWorkflowInput): Promise<ScreeningOutcome> =>
      asScreeningActivity(() => screenSubjectMedia(deps, SYSTEM_ACTOR, input)),
    failScreening: (input: ScreeningWorkflowInput): Promise<ScreeningOutcome> =>
      asScreeningActivity(() => failScreening(deps, SYSTEM_ACTOR, input)),
    /** A canceled screening: `canceled`, quota given back (usecases/screenings/cancel-screening.ts). */
    cancelScreening: (input: ScreeningWorkflowInput): Promise<{ canceled: boolean }> => cancelScreeningRun(deps, SYSTEM_ACTOR, input),
  };
}
