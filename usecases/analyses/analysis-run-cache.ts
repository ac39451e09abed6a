import type { Snapshot } from '../../domain/analysis/snapshot';
import type { Verdict } from '../../domain/analysis/verdict';

/** What the steps of one analysis hand to each other. */
export type AnalysisRun = { snapshot: Snapshot; snapshotHash: string; verdict?: Verdict };

/**
 * Snapshots and verdicts are immutable once persisted, so the worker that just wrote one keeps
 * it for the next step of the same analysis (the steps are local activities of this process). A
 * retry on another worker, or after eviction, reads Postgres: an optimisation, never a source.
 */
export function createAnalysisRunCache(limit: number) {
  const entries = new Map<string, AnalysisRun>();
  return {
    get: (uuid: string) => entries.get(uuid),
    set: (uuid: string, value: AnalysisRun) => {
      entries.delete(uuid);
      entries.set(uuid, value);
      while (entries.size > limit) entries.delete(entries.keys().next().value as string);
    },
    drop: (uuid: string) => entries.delete(uuid),
  };
}

export type AnalysisRunCache = ReturnType<typeof createAnalysisRunCache>;
