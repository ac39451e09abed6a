import type { Progress } from './progress';

/**
 * Wall-clock time of each import phase, reported through the import's `onPhase` hook (the
 * benchmark prints them) and to its progress (the operator sees each phase start and end): ingest tuning is guided by these figures, not by guesses.
 */
export type PhaseHook = (phase: string, durationMs: number) => void;

export function createPhaseTimer(
  onPhase: PhaseHook | undefined,
  progress?: Pick<Progress, 'phaseStarted' | 'phaseEnded'>,
): <T>(phase: string, work: () => Promise<T>) => Promise<T> {
  return async (phase, work) => {
    const started = performance.now();
    progress?.phaseStarted(phase);
    try {
      return await work();
    } finally {
      const durationMs = Math.round(performance.now() - started);
      progress?.phaseEnded(phase, durationMs);
      onPhase?.(phase, durationMs);
    }
  };
}
