import { ApplicationFailure } from '@temporalio/common';
import { analysisWorkflowContract } from '../contracts/analysis-workflow-contract';
import { AnalysisDataError, AnalysisNotCreatedError, AnalysisStepError } from '../usecases/analyses/support/analysis-run';

/**
 * A use-case failure in Temporal's terms: data errors are non-retryable (the contract's
 * `deterministic` type); a failure inside the one-transaction sync run names its step in the
 * details (the workflow's memo `failed_step`).
 */
function toAnalysisActivityFailure(error: unknown): ApplicationFailure {
  const step = error instanceof AnalysisStepError ? error.step : undefined;
  const cause = error instanceof AnalysisStepError ? error.cause : error;
  if (cause instanceof ApplicationFailure && !step) return cause;
  if (cause instanceof AnalysisNotCreatedError)
    return ApplicationFailure.create({
      message: cause.message,
      type: analysisWorkflowContract.failureTypes.notCreated,
      nonRetryable: true,
    });
  const deterministic = cause instanceof AnalysisDataError || (cause instanceof ApplicationFailure && cause.nonRetryable === true);
  return ApplicationFailure.create({
    message: cause instanceof Error ? cause.message : String(cause),
    type:
      cause instanceof AnalysisDataError
        ? analysisWorkflowContract.failureTypes.deterministic
        : cause instanceof ApplicationFailure
          ? (cause.type ?? undefined)
          : cause instanceof Error
            ? cause.name
            : 'Error',
    nonRetryable: deterministic,
    details: step ? [{ step }] : undefined,
  });
}

/** Runs a use-case step; its failure leaves as an ApplicationFailure. */
export async function asAnalysisActivity<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAnalysisActivityFailure(error);
  }
}
