import type { Executor } from '../../create-db';
import type { RateWindowCount } from '../../../domain/plan-limits';

/** The start of the current window of `?` seconds, cut from the database's clock (bindings: seconds, seconds). */
export const windowStartSql = 'to_timestamp(floor(extract(epoch FROM clock_timestamp()) / ?) * ?)';

/**
 * The upsert that counts one use of a bucket, its row from `source` (`VALUES (bucket, window
 * start, 1)` or a SELECT of the same three columns), returning `used` and `reset_in_ms`; its own
 * binding, the window's seconds, comes after the source's. One text for countUseInWindow and the
 * key lookup that counts in the same statement (api-key-repository.ts).
 */
export const countUseSql = (source: string) => `INSERT INTO rate_limit_windows AS w (bucket, window_start, used)
     ${source}
     ON CONFLICT (bucket) DO UPDATE
       SET used = CASE WHEN w.window_start >= EXCLUDED.window_start THEN w.used + 1 ELSE 1 END,
           window_start = GREATEST(w.window_start, EXCLUDED.window_start)
     RETURNING used, ceil(extract(epoch FROM w.window_start + make_interval(secs => ?) - clock_timestamp()) * 1000)::int AS reset_in_ms`;

/**
 * Counts one use of `bucket` in the current fixed window of `windowSeconds`, in one statement
 * that every api process shares: the upsert's row lock serialises concurrent requests, and the
 * window is cut from the database's clock, so processes with skewed clocks still agree. A
 * request in a newer window restarts the count. Returns the count including this use and the
 * time left in the window.
 */
export async function countUseInWindow(db: Executor, bucket: string, windowSeconds: number): Promise<RateWindowCount> {
  const { rows } = await db.raw(countUseSql(`VALUES (?, ${windowStartSql}, 1)`), [bucket, windowSeconds, windowSeconds, windowSeconds]);
  return { used: rows[0].used, resetInMs: rows[0].reset_in_ms };
}
