import { ActivityFailure, ApplicationFailure, isCancellation } from '@temporalio/workflow';
import { type AnalysisStep, analysisWorkflowContract } from '../contracts/analysis-workflow-contract';

export type AnalysisFailure = { code: string; message: string; step?: AnalysisStep };

/**
 * What an analysis failure is, for the row's `error`, the log and the memo: cancelled, bad data
 * (deterministic: retrying cannot help) or a step that failed, with the step when runAnalysis named it.
 */
export function describeAnalysisFailure(error: unknown): AnalysisFailure {
  if (isCancellation(error)) return { code: 'cancelled', message: 'the analysis was cancelled' };
  const cause = error instanceof ActivityFailure ? error.cause : error;
  if (cause instanceof ApplicationFailure) {
    // runAnalysis names the step that failed inside it.
    const step = (cause.details?.[0] as { step?: AnalysisStep } | undefined)?.step;
    if (cause.type === analysisWorkflowContract.failureTypes.notCreated) return { code: 'analysis_not_created', message: cause.message };
    return {
      code: cause.type === analysisWorkflowContract.failureTypes.deterministic ? 'analysis_data_error' : 'analysis_step_failed',
      message: cause.message,
      step,
    };
  }
  if (cause instanceof Error) return { code: 'analysis_step_failed', message: cause.message };
  return { code: 'analysis_step_failed', message: 'analysis step failed' };
}
