/**
 * Wall-clock time of each import phase, reported through the import's `onPhase` hook (the
 * benchmark prints them): ingest tuning is guided by these figures, not by guesses.
 */
export type PhaseHook = (phase: string, durationMs: number) => void;

export function createPhaseTimer(onPhase: PhaseHook | undefined): <T>(phase: string, work: () => Promise<T>) => Promise<T> {
  return async (phase, work) => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      onPhase?.(phase, Math.round(performance.now() - started));
    }
  };
}
