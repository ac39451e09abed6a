import type { Executor } from '../../create-db';

/**
 * The change feed (docs/monitoring.md, "Change detection"): the entities an import changed, by
 * source and version. Idempotent: an import re-run records nothing twice.
 */
export async function recordEntityChanges(
  db: Executor,
  change: { source: string; version: string; entityIds: readonly number[] },
): Promise<number> {
  const unique = [...new Set(change.entityIds)];
  if (unique.length === 0) return 0;
  const result = (await db.raw(
    'INSERT INTO entity_changes (source, version, entity_id) SELECT ?, ?, unnest(?::bigint[]) ON CONFLICT DO NOTHING RETURNING id',
    [change.source, change.version, unique],
  )) as { rows: unknown[] };
  return result.rows.length;
}

/** The entities one import changed, in id order after `afterEntityId`, one page at a time. */
export async function listChangedEntities(
  db: Executor,
  change: { source: string; version: string },
  afterEntityId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db('entity_changes')
    .where({ source: change.source, version: change.version })
    .where('entity_id', '>', afterEntityId)
    .orderBy('entity_id')
    .limit(limit)
    .select('entity_id');
  return rows.map((r: { entity_id: string | number }) => Number(r.entity_id));
}
