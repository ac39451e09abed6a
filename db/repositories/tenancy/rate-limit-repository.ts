import type { Executor } from '../../create-db';
import type { RateWindowCount } from '../../../domain/plan-limits';

/**
 * Counts one use of `bucket` in the current fixed window of `windowSeconds`, in one statement
 * that every api process shares: the upsert's row lock serialises concurrent requests, and the
 * window is cut from the database's clock, so processes with skewed clocks still agree. A
 * request in a newer window restarts the count. Returns the count including this use and the
 * time left in the window.
 */
export async function countUseInWindow(db: Executor, bucket: string, windowSeconds: number): Promise<RateWindowCount> {
  const { rows } = await db.raw(
    `INSERT INTO rate_limit_windows AS w (bucket, window_start, used)
     VALUES (?, to_timestamp(floor(extract(epoch FROM clock_timestamp()) / ?) * ?), 1)
     ON CONFLICT (bucket) DO UPDATE
       SET used = CASE WHEN w.window_start >= EXCLUDED.window_start THEN w.used + 1 ELSE 1 END,
           window_start = GREATEST(w.window_start, EXCLUDED.window_start)
     RETURNING used, ceil(extract(epoch FROM w.window_start + make_interval(secs => ?) - clock_timestamp()) * 1000)::int AS reset_in_ms`,
    [bucket, windowSeconds, windowSeconds, windowSeconds],
  );
  return { used: rows[0].used, resetInMs: rows[0].reset_in_ms };
}
