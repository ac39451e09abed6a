import type { Executor } from '../../db/create-db';
import { loadAnalysisColumns } from '../../db/repositories/analyses/analysis-read-repository';
import type { Snapshot } from '../../domain/analysis/snapshot';
import type { Verdict } from '../../domain/analysis/verdict';
import { AnalysisDataError } from './analysis-failures';

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

/** The run as persisted (after a retry, or on another worker than the previous step), through the cache. */
export function createAnalysisRunReader(cache: AnalysisRunCache) {
  async function storedRun(exec: Executor, uuid: string): Promise<AnalysisRun | undefined> {
    const row = await loadAnalysisColumns(exec, uuid, ['snapshot', 'snapshot_hash', 'verdict']);
    if (!row?.snapshot) return undefined;
    return { snapshot: row.snapshot, snapshotHash: row.snapshot_hash as string, verdict: (row.verdict ?? undefined) as Verdict | undefined };
  }

  async function runOf(exec: Executor, uuid: string, needVerdict: boolean): Promise<AnalysisRun> {
    const hit = cache.get(uuid);
    if (hit && (!needVerdict || hit.verdict)) return hit;
    const run = await storedRun(exec, uuid);
    if (!run) throw new AnalysisDataError(`analysis ${uuid} has no snapshot`);
    if (needVerdict && !run.verdict) throw new AnalysisDataError(`analysis ${uuid} has no verdict`);
    cache.set(uuid, run);
    return run;
  }

  return { storedRun, runOf };
}
