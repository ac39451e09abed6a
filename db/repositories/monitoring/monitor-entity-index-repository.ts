import type { Executor } from '../../create-db';

/**
 * The entity → monitor index (docs/monitoring.md, "Change detection"): the entities of the
 * network of each monitor's last analysis, replaced at every check so it follows the network.
 */
export async function replaceMonitorEntities(db: Executor, monitorId: number, entityIds: readonly number[]): Promise<void> {
  await db('monitor_entities').where({ monitor_id: monitorId }).delete();
  const unique = [...new Set(entityIds)];
  if (unique.length === 0) return;
  await db.raw('INSERT INTO monitor_entities (entity_id, monitor_id) SELECT unnest(?::bigint[]), ? ON CONFLICT DO NOTHING', [
    unique,
    monitorId,
  ]);
}

export type AffectedMonitor = { id: number; uuid: string; company_uuid: string; workflow_id: string };

/**
 * The live monitors (active or paused: a paused one catches up when resumed) whose network holds
 * an entity one import changed (entity_changes under its source and version), in id order after
 * `afterId`, one page at a time: a fan-out reads the affected monitors in bounded batches,
 * whatever their number, each found once however many of its entities changed.
 */
export async function findMonitorsOfChange(
  db: Executor,
  change: { source: string; version: string },
  afterId: number,
  limit: number,
): Promise<AffectedMonitor[]> {
  const result = (await db.raw(
    `SELECT m.id, m.uuid, c.uuid AS company_uuid, m.workflow_id
       FROM monitors m JOIN companies c ON c.id = m.company_id
      WHERE m.status <> 'stopped' AND m.id > ?
        AND EXISTS (SELECT 1 FROM monitor_entities me JOIN entity_changes ec ON ec.entity_id = me.entity_id
                     WHERE me.monitor_id = m.id AND ec.source = ? AND ec.version = ?)
      ORDER BY m.id LIMIT ?`,
    [afterId, change.source, change.version, limit],
  )) as { rows: AffectedMonitor[] };
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
