import type { PoolClient } from 'pg';
import { quoteIdent, type SavedSchema } from './bulk-load-mode';

type RestoreJob = { step: string; exists: string; params: string[]; sql: string };

function restoreJobs(saved: SavedSchema): RestoreJob[] {
  // Longest first (the trigram GIN index), then the other indexes; foreign keys last, because
  // adding one waits for index builds on its tables to finish.
  const indexes = [...saved.indexes].sort((x, y) => Number(/ USING gin /i.test(y.def)) - Number(/ USING gin /i.test(x.def)));
  return [
    ...indexes.map((i) => ({
      step: `index ${i.name}`,
      exists: 'SELECT to_regclass($1) IS NOT NULL AS present',
      params: [i.name],
      sql: i.def,
    })),
    ...saved.foreignKeys.map((fk) => ({
      step: `fk ${fk.name}`,
      exists: 'SELECT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = $1 AND conrelid = $2::regclass) AS present',
      params: [fk.name, fk.table],
      sql: `ALTER TABLE ${fk.table} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`,
    })),
  ];
}

/**
 * Rebuilds what `dropIndexesAndKeys` removed, sharing the work among `clients` (each index build
 * is single-threaded; two different ones run at once). Each foreign key is validated by one
 * set-based check. Idempotent: what already exists is skipped, so a repair can run it again.
 */
export async function restoreIndexesAndKeys(
  clients: PoolClient[],
  saved: SavedSchema,
  onStep?: (step: string, durationMs: number) => void,
): Promise<void> {
  const work = restoreQueue(saved, onStep);
  const settled = await Promise.allSettled(clients.map(work));
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
}

/**
 * The same work as a shared queue: each connection calls the returned function when it is free
 * and takes the next job until none is left, so connections can join at different times.
 */
export function restoreQueue(
  saved: SavedSchema,
  onStep?: (step: string, durationMs: number) => void,
): (client: PoolClient) => Promise<void> {
  const queue = restoreJobs(saved);
  return async (client) => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const started = performance.now();
      if ((await client.query(job.exists, job.params)).rows[0].present) continue;
      await client.query(job.sql);
      onStep?.(job.step, Math.round(performance.now() - started));
    }
  };
}
