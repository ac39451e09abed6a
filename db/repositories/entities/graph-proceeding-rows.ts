import type { SnapshotProceeding } from '../../../domain/analysis/snapshot';
import type { Executor } from '../../create-db';

/** Proceedings with their resolved parties; `onlyParty` keeps the expanded entity's own party rows. */
export async function proceedingsWhere(
  db: Executor,
  filter: string,
  id: number,
  limit: number,
  take: (rows: any[]) => any[],
  onlyParty?: number,
): Promise<SnapshotProceeding[]> {
  const result = await db.raw(`SELECT p.* FROM proceedings p WHERE ${filter} ORDER BY p.id LIMIT ?`, [id, limit + 1]);
  const proceedings = take(result.rows);
  if (proceedings.length === 0) return [];
  let parties = db('proceeding_parties')
    .whereIn(
      'proceeding_id',
      proceedings.map((p: any) => p.id),
    )
    .whereNotNull('entity_id');
  if (onlyParty !== undefined) parties = parties.where('entity_id', onlyParty);
  const partyRows = await parties.orderBy('id').select('proceeding_id', 'entity_id', 'role');
  return proceedings.map((p: any) => ({
    proceeding_id: p.id,
    proceeding_number: p.proceeding_number,
    proceeding_type: p.proceeding_type,
    status: p.status,
    opened_at: p.opened_at,
    decision_date: p.decision_date,
    closed_at: p.closed_at,
    authority: p.authority,
    summary: p.summary,
    parties: partyRows.filter((x: any) => x.proceeding_id === p.id).map((x: any) => ({ entity_id: x.entity_id, role: x.role })),
  }));
}
