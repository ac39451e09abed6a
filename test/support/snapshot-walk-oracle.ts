import type { Executor } from '../../db/create-db';
import { LINK_PRIORITY, OTHER_LINK_PRIORITY, type NetworkWalk, type WalkNetworkInput } from '../../db/repositories/entities/snapshot-walk';

/**
 * The network walk as loadSnapshot did it before the snapshot_walk function: in JavaScript, one
 * query per hop. Kept verbatim as the oracle the function must equal, since every persisted
 * snapshot (and so its hash and verdict) was made by this code.
 */
const priorityOf = (type: string) => LINK_PRIORITY[type] ?? OTHER_LINK_PRIORITY;

type Edge = { source: number; target: number; type: string };

export async function walkNetworkOneQueryPerHop(db: Executor, input: WalkNetworkInput): Promise<NetworkWalk> {
  const hops = new Map<number, number>([[input.subjectEntityId, 0]]);
  let frontier = [input.subjectEntityId];
  let truncated = false;
  for (let hop = 1; hop <= input.maxDepth && frontier.length > 0; hop += 1) {
    const candidates = new Map<number, number>(); // entity → best link priority
    const inFrontier = new Set(frontier);
    const consider = (next: number, type: string) => {
      if (!hops.has(next)) candidates.set(next, Math.min(candidates.get(next) ?? 9, priorityOf(type)));
    };
    for (const edge of await edgesTouching(db, frontier)) {
      if (inFrontier.has(edge.source)) consider(edge.target, edge.type);
      if (inFrontier.has(edge.target) && edge.type !== 'ACCOUNT_AT_INSTITUTION') consider(edge.source, edge.type);
    }
    const ranked = [...candidates.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([id]) => id);
    const room = input.maxNodes - hops.size;
    if (ranked.length > room) truncated = true;
    frontier = ranked.slice(0, Math.max(0, room)).sort((a, b) => a - b);
    for (const id of frontier) hops.set(id, hop);
    if (truncated) break;
  }
  return { hops, frontier, truncated };
}

async function edgesTouching(db: Executor, frontier: number[]): Promise<Edge[]> {
  const { rows } = await db.raw(
    `SELECT source_entity_id AS source, target_entity_id AS target, relationship_type AS type FROM relationships
      WHERE source_entity_id = ANY(?::bigint[]) OR target_entity_id = ANY(?::bigint[])
     UNION ALL
     SELECT owner_entity_id, subject_entity_id, 'DECLARED_OWNER' FROM beneficial_ownership_declarations
      WHERE owner_entity_id = ANY(?::bigint[]) OR subject_entity_id = ANY(?::bigint[])`,
    [frontier, frontier, frontier, frontier],
  );
  return rows.map((r: { source: string | number; target: string | number; type: string }) => ({
    source: Number(r.source),
    target: Number(r.target),
    type: r.type,
  }));
}
