import type { Executor } from '../../create-db';

/**
 * Links worth keeping first when the node budget runs out: control before family before the rest.
 * The one copy of the table: the walk (the snapshot_walk function) receives it with every call.
 */
export const LINK_PRIORITY: Readonly<Record<string, number>> = {
  PARTNER_OF: 0,
  OWNS: 0,
  CONTROLS: 0,
  ADMINISTERS: 0,
  LEGAL_REPRESENTATIVE_OF: 0,
  BRANCH_OF: 0,
  DECLARED_OWNER: 0,
  FAMILY_OF: 1,
  EMPLOYED_BY: 2,
};
/** Every other link type (ACCOUNT_AT_INSTITUTION, types an importer adds later). */
export const OTHER_LINK_PRIORITY = 3;
const linkPriorities = JSON.stringify(LINK_PRIORITY);

export type WalkNetworkInput = { subjectEntityId: number; maxDepth: number; maxNodes: number };
/** hops: entity → hop, in the order reached; frontier: the last hop reached, sorted by id. */
export type NetworkWalk = { hops: Map<number, number>; frontier: number[]; truncated: boolean };

/**
 * Breadth-first over relationships (both directions) and BODS declarations, bounded by maxDepth
 * hops and maxNodes entities. When the budget is exceeded, the closest, best-linked (control
 * first), lowest-id entities are kept and the walk says it was truncated. An institution's
 * account holders are never its network: ACCOUNT_AT_INSTITUTION is followed only from the holder
 * to the institution. The whole walk is one database round trip (the snapshot_walk function,
 * db/migrations/20261122050000_snapshot_walk_function.ts) instead of one query per hop.
 */
export async function walkNetwork(db: Executor, input: WalkNetworkInput): Promise<NetworkWalk> {
  const { rows } = await db.raw('SELECT entity_ids, hops, frontier, truncated FROM snapshot_walk(?, ?, ?, ?::jsonb, ?)', [
    input.subjectEntityId,
    input.maxDepth,
    input.maxNodes,
    linkPriorities,
    OTHER_LINK_PRIORITY,
  ]);
  const walk = rows[0] as { entity_ids: (string | number)[]; hops: number[]; frontier: (string | number)[]; truncated: boolean };
  const hops = new Map<number, number>();
  walk.entity_ids.forEach((id, i) => hops.set(Number(id), walk.hops[i]));
  return { hops, frontier: walk.frontier.map(Number), truncated: walk.truncated };
}
