import type { Snapshot } from '../analysis/snapshot';

/**
 * Distances from the subject over every link of the snapshot (relationships and declarations,
 * either direction, active or not: a past link is still how the entity came into the network),
 * and one shortest path to each entity for the verdict's graph_paths.
 */
export type NetworkHops = {
  /** Hops from the subject (undefined = unreachable). */
  hop(id: number): number | undefined;
  /** A shortest path subject → id (entity ids), or [id] when unreachable. */
  pathTo(id: number): number[];
};

export function networkHops(snapshot: Snapshot): NetworkHops {
  const neighbours = new Map<number, number[]>();
  const link = (a: number, b: number) => (neighbours.get(a) ?? neighbours.set(a, []).get(a)!).push(b);
  for (const r of snapshot.network.relationships) {
    link(r.source_entity_id, r.target_entity_id);
    link(r.target_entity_id, r.source_entity_id);
  }
  for (const d of snapshot.ownership_declarations) {
    link(d.owner_entity_id, d.subject_entity_id);
    link(d.subject_entity_id, d.owner_entity_id);
  }
  const root = snapshot.subject_entity_id;
  const hops = new Map<number, number>([[root, 0]]);
  const parents = new Map<number, number>();
  let frontier = [root];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const id of frontier) {
      // Sorted neighbours: the first shortest path by ids wins, whatever the input order.
      for (const n of [...(neighbours.get(id) ?? [])].sort((a, b) => a - b)) {
        if (hops.has(n)) continue;
        hops.set(n, hops.get(id)! + 1);
        parents.set(n, id);
        next.push(n);
      }
    }
    frontier = next.sort((a, b) => a - b);
  }
  return {
    hop: (id) => hops.get(id),
    pathTo: (id) => {
      if (!hops.has(id)) return [id];
      const path = [id];
      while (path[0] !== root) path.unshift(parents.get(path[0])!);
      return path;
    },
  };
}
