import { testDb } from './tenants';

/**
 * Waits until the database clock (the one rate windows are cut from,
 * db/repositories/rate-limit-repository.ts) is at most `withinMs` into a window of
 * `windowSeconds`, so that a burst sent now lands inside one window.
 */
export async function alignToWindow(windowSeconds: number, withinMs: number): Promise<void> {
  for (;;) {
    const { rows } = await testDb().raw(`SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint % ? AS ms`, [windowSeconds * 1000]);
    const into = Number(rows[0].ms);
    if (into < withinMs) return;
    await new Promise((r) => setTimeout(r, windowSeconds * 1000 - into + 20));
  }
}
