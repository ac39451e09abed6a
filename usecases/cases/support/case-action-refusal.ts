import { caseWorkflowContract } from '../../../contracts/case-workflow-contract';
import { ConflictError, FourEyesRequiredError, NotFoundError, ValidationError } from '../../../domain/errors';

const failures = caseWorkflowContract.failureTypes;

/** A refusal the case workflow passes back to the caller as is (its failure type: caseWorkflowContract). */
export function failureTypeOfRefusal(error: unknown): string | undefined {
  if (error instanceof ConflictError) return failures.conflict;
  if (error instanceof FourEyesRequiredError) return failures.fourEyes;
  if (error instanceof NotFoundError) return failures.notFound;
  if (error instanceof ValidationError) return failures.invalid;
  return undefined;
}
