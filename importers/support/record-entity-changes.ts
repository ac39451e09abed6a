import type { PoolClient } from 'pg';

/**
 * The change feed of an import (docs/monitoring.md, "Change detection"): the entities the import
 * changed, recorded in `entity_changes` under the import's source and version, in the import's
 * own transaction (a rolled-back import records nothing). `changedEntitiesSql` selects
 * `entity_id` with the run id as $1: the rows an upsert wrote or rewrote carry that run's id
 * (their content hash changed), so "changed" costs one indexed read, not a diff. A re-run of the
 * same import records nothing twice (unique per source, version and entity).
 */
export type ImportChange = { source: string; version: string; entities: number };

export async function recordEntityChanges(
  client: PoolClient,
  change: { source: string; version: string; runId: number; changedEntitiesSql: string; versionIsNew?: boolean },
): Promise<ImportChange> {
  // `versionIsNew`: nothing can hold the version yet (it is the run's own), so no row can conflict,
  // and a plain INSERT skips the speculative insertion that costs a third more per row. Its rows go
  // in in entity order: the unique index then only grows at its right end (docs/importers.md).
  const sql = `INSERT INTO entity_changes (source, version, entity_id)
     SELECT DISTINCT $2::text, $3::text, x.entity_id FROM (${change.changedEntitiesSql}) x WHERE x.entity_id IS NOT NULL
     ${change.versionIsNew ? 'ORDER BY 3' : 'ON CONFLICT DO NOTHING'}`;
  const params = [change.runId, change.source, change.version];
  const result = await client.query(sql, params);
  return { source: change.source, version: change.version, entities: result.rowCount ?? 0 };
}

/** The version an unversioned source's change is recorded under: the import run. */
export const runVersion = (runId: number) => `run-${runId}`;

/**
 * The same change feed when the import computed the changed entities itself (a name list or the
 * media corpus, matched by name rather than linked by document: docs/monitoring.md).
 */
export async function recordEntityIdChanges(
  client: PoolClient,
  change: { source: string; version: string; entityIds: readonly number[] },
): Promise<ImportChange> {
  const unique = [...new Set(change.entityIds)];
  if (unique.length === 0) return { source: change.source, version: change.version, entities: 0 };
  const result = await client.query(
    `INSERT INTO entity_changes (source, version, entity_id) SELECT $1::text, $2::text, unnest($3::bigint[]) ON CONFLICT DO NOTHING`,
    [change.source, change.version, unique],
  );
  return { source: change.source, version: change.version, entities: result.rowCount ?? 0 };
}
