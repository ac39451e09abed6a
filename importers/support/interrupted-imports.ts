import type { PoolClient } from 'pg';
import type { ImportRunKind } from '../../db/repositories/entities/import-run-repository';
import { SavedSchema } from './bulk-load-mode';
import { restoreIndexesAndKeys } from './restore-indexes-and-keys';

/**
 * An import that died (killed process, lost connection) leaves its run `running`, its staging
 * schema behind and, in bulk mode, the store without its secondary indexes and foreign keys.
 * Called by the next import of the same kind while it holds the kind's advisory lock (so no run
 * of that kind is alive): rebuilds what the dead run recorded in `stats.pending_schema`, drops
 * its staging schema (and any other left behind), and marks it failed. The store rows it wrote stay: every upsert is
 * idempotent, so importing the release again completes it. Returns the runs repaired.
 */
export async function recoverInterruptedImports(client: PoolClient, kind: ImportRunKind, log: (m: string) => void): Promise<number> {
  const { rows } = await client.query(
    `SELECT id, status, stats -> 'pending_schema' AS pending FROM import_runs WHERE kind = $1 AND (status = 'running' OR stats ? 'pending_schema') ORDER BY id`,
    [kind],
  );
  for (const run of rows as { id: string; status: string; pending: SavedSchema | null }[]) {
    log(`repairing interrupted ${kind} import run ${run.id}`);
    if (run.pending) await restoreIndexesAndKeys([client], run.pending);
    await client.query(`DROP SCHEMA IF EXISTS import_run_${Number(run.id)} CASCADE`);
    await client.query(
      `UPDATE import_runs SET stats = (stats - 'pending_schema') || CASE WHEN status = 'running' THEN '{"error": "interrupted; repaired by the next import"}'::jsonb ELSE '{}'::jsonb END,
         status = CASE WHEN status = 'running' THEN 'failed' ELSE status END, finished_at = coalesce(finished_at, now())
       WHERE id = $1`,
      [run.id],
    );
  }
  // Staging schemas a failed run could not drop (its connection was gone): only imports holding
  // this lock create them, so none is in use.
  const { rows: leftovers } = await client.query(`SELECT nspname FROM pg_namespace WHERE nspname ~ '^import_run_[0-9]+$'`);
  for (const { nspname } of leftovers) await client.query(`DROP SCHEMA IF EXISTS ${nspname} CASCADE`);
  return rows.length;
}
