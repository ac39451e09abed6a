import { ApplicationFailure } from '@temporalio/activity';
import type { CaseActionInput, CaseActionOutcome, CaseClockInput, CaseClocksOutcome } from '../contracts/case-workflow-contract';
import { SYSTEM_ACTOR } from '../domain/actor';
import { applyCaseAction } from '../usecases/cases/apply-case-action';
import { failureTypeOfRefusal } from '../usecases/cases/support/case-action-refusal';
import { beginCase } from '../usecases/cases/begin-case';
import { markCaseClockRunOut } from '../usecases/cases/mark-case-clock-run-out';
import { readCaseClocks } from '../usecases/cases/read-case-clocks';
import type { ActivityDeps } from './activity-deps';

/** The case workflow's steps (usecases/cases/): each idempotent, each one short transaction. */
export function createCaseActivities(deps: ActivityDeps) {
  return {
    beginCase: (input: { caseUuid: string }): Promise<CaseClocksOutcome> => beginCase(deps, SYSTEM_ACTOR, input),
    readCaseClocks: (input: { caseUuid: string }): Promise<CaseClocksOutcome> => readCaseClocks(deps, SYSTEM_ACTOR, input),
    markCaseClockRunOut: (input: CaseClockInput): Promise<CaseClocksOutcome> => markCaseClockRunOut(deps, SYSTEM_ACTOR, input),
    /** A refusal (409, 403, 404, 422) fails at once with its type, which the update hands back to the caller. */
    async applyCaseAction(input: CaseActionInput): Promise<CaseActionOutcome> {
      try {
        return await applyCaseAction(deps, SYSTEM_ACTOR, input);
      } catch (error) {
        const type = failureTypeOfRefusal(error);
        if (type) throw ApplicationFailure.nonRetryable((error as Error).message, type);
        throw error;
      }
    },
  };
}
