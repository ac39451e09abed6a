/**
 * Hands the outcome of a sync analysis from the api's embedded worker to the request waiting
 * for it, inside one process.
 *
 * Why: with eager start the first workflow task of a sync analysis runs in this very process, and
 * its local activity has committed the verdict before the workflow task even completes. Waiting
 * for the workflow result instead costs a long poll on the server (a history read of the close
 * event) and its decoding here — ≈ 3 ms and a measurable share of the CPU of every sync analysis
 * on a 2-core machine. The workflow still runs to completion in Temporal either way; the board only
 * shortens how the caller learns what was committed. Anything the board cannot vouch for (a task
 * that ran elsewhere, a process that restarted) falls back to the workflow result.
 */
export type SyncRunOutcome<T> = { ok: true; value: T } | { ok: false };

export type SyncRunWaiter<T> = {
  /** Settles with the first outcome reported for the run; never rejects. */
  outcome: Promise<SyncRunOutcome<T>>;
  /** Forget the run (whether or not it settled); a later report is ignored. */
  dispose: () => void;
};

export type SyncRunBoard<T> = {
  /** Register interest BEFORE starting the run, so a report cannot come first. */
  expect: (runId: string) => SyncRunWaiter<T>;
  /** Called by the activity that committed (or cleaned up) the run; a no-op if nobody waits. */
  report: (runId: string, outcome: SyncRunOutcome<T>) => void;
  /** How many runs are awaited now (for tests and leak checks). */
  size: () => number;
};

export function createSyncRunBoard<T>(): SyncRunBoard<T> {
  const waiting = new Map<string, (outcome: SyncRunOutcome<T>) => void>();
  return {
    expect(runId) {
      let settle: (outcome: SyncRunOutcome<T>) => void = () => undefined;
      const outcome = new Promise<SyncRunOutcome<T>>((resolve) => (settle = resolve));
      waiting.set(runId, (result) => {
        waiting.delete(runId);
        settle(result);
      });
      return { outcome, dispose: () => void waiting.delete(runId) };
    },
    report(runId, outcome) {
      waiting.get(runId)?.(outcome);
    },
    size: () => waiting.size,
  };
}

/**
 * The first of: the run's report on the board, or — if the board stays silent for `graceMs`
 * (the run's task may have failed over to another worker) — the fallback (the workflow result).
 * A failure report becomes `failed()`. The fallback starts only after the grace period, so the
 * common case costs no call at all, and a fallback that loses the race cannot reject unobserved.
 */
export async function awaitReportedOutcome<T>(
  waiter: SyncRunWaiter<T>,
  fallback: () => Promise<T>,
  options: { graceMs: number; failed: () => Error },
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const viaFallback = new Promise<T>((resolve, reject) => {
    timer = setTimeout(() => {
      fallback().then(resolve, reject);
    }, options.graceMs);
  });
  viaFallback.catch(() => undefined);
  const viaBoard = waiter.outcome.then((outcome) => {
    if (!outcome.ok) throw options.failed();
    return outcome.value;
  });
  try {
    return await Promise.race([viaBoard, viaFallback]);
  } finally {
    clearTimeout(timer);
  }
}
