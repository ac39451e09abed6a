import { performance } from 'node:perf_hooks';
import { countProgress } from './step-progress';

export type Latencies = {
  count: number;
  seconds: number;
  per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
};

/** `--name value` from the bench arguments, as a number. */
export function flag(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
}

export function summarize(samples: number[], seconds: number, errors: number): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return {
    count: sorted.length,
    seconds: Number(seconds.toFixed(2)),
    per_second: Number((sorted.length / seconds).toFixed(1)),
    p50_ms: at(0.5),
    p95_ms: at(0.95),
    p99_ms: at(0.99),
    max_ms: at(1),
    errors,
  };
}

/**
 * Closed loop: `total` calls of `task` with `concurrency` in flight; latency of each successful call.
 * Its progress goes to stderr (a bar with rate and ETA on a terminal, JSON lines otherwise): stdout
 * stays the bench's one JSON object.
 */
export async function closedLoop(
  total: number,
  concurrency: number,
  task: (i: number) => Promise<boolean>,
  label = `c=${concurrency}`,
): Promise<Latencies> {
  const progress = countProgress(label, total, 'calls');
  const samples: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        if (await task(i).catch(() => false)) samples.push(performance.now() - t0);
        else errors++;
        progress.add(1);
      }
    }),
  );
  progress.done();
  return summarize(samples, (performance.now() - started) / 1000, errors);
}
