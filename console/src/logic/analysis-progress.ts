/**
 * The progress of an asynchronous analysis as a row of steps, from its read form's `status`
 * and `current_step` (queued → enrichment → scoring → graph → finalize → completed).
 */
export const ANALYSIS_STEPS = ['queued', 'enrichment', 'scoring', 'graph', 'finalize', 'completed'] as const;
export type AnalysisStep = (typeof ANALYSIS_STEPS)[number];
export type StepState = 'done' | 'current' | 'pending' | 'failed';

export function analysisProgress(status: string, currentStep: string): { step: AnalysisStep; state: StepState }[] {
  const terminalFailure = status === 'failed' || status === 'canceled';
  const at =
    status === 'completed'
      ? ANALYSIS_STEPS.length - 1
      : status === 'queued'
        ? 0
        : Math.max(1, ANALYSIS_STEPS.indexOf(currentStep as AnalysisStep));
  // A failed run records current_step 'failed': the failing step is unknown then, so everything after queued reads failed.
  const failedAt = terminalFailure
    ? ANALYSIS_STEPS.indexOf(currentStep as AnalysisStep) > 0
      ? ANALYSIS_STEPS.indexOf(currentStep as AnalysisStep)
      : 1
    : -1;
  return ANALYSIS_STEPS.map((step, i) => {
    if (terminalFailure) return { step, state: i < failedAt ? 'done' : i === failedAt ? 'failed' : 'pending' };
    if (status === 'completed' || i < at) return { step, state: 'done' };
    return { step, state: i === at ? 'current' : 'pending' };
  });
}

export function isTerminal(status: string): boolean {
  return status === 'completed' || status === 'failed' || status === 'canceled';
}

/** Poll quickly at first, then back off: an analysis takes well under a second, a loaded worker longer. */
export function pollDelayMs(attempt: number): number {
  return Math.min(5000, 400 * 2 ** Math.min(attempt, 4));
}
