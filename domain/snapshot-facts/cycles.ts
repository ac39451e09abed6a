import type { OwnershipEdge } from './ownership-edges';
import { stronglyConnectedComponents } from './strongly-connected';

/**
 * Ownership cycles among the edges given, one answer for scoring (OWNERSHIP_CYCLE) and the
 * graph (`contains_cycle` of paths and UBO paths). Branch edges are left out: a headquarters and
 * its branch are one legal person, so no capital goes round through them.
 *
 * - `crossHoldings`: directed cycles of two or more entities (A owns B owns … owns A), one per
 *   strongly connected component, members ascending, components by their smallest member.
 * - `selfHolding`: entities holding their own shares (treasury shares). It is a cycle of length
 *   one for the graph's marks, but no cross-holding: it hides no owner, so no risk signal.
 */
export type OwnershipCycles = {
  crossHoldings: number[][];
  /** Members of a cross-holding or self-holding: the entities a path marks `contains_cycle`. */
  onCycle: Set<number>;
  selfHolding: Set<number>;
};

export function findOwnershipCycles(edges: readonly OwnershipEdge[]): OwnershipCycles {
  const owners = ownersWithin(edges.filter((e) => e.kind !== 'branch'));
  const nodes = [...owners.keys()].sort((a, b) => a - b);
  const selfHolding = new Set(nodes.filter((id) => owners.get(id)!.includes(id)));
  const { components } = stronglyConnectedComponents(nodes, (id) => owners.get(id) ?? []);
  const crossHoldings = components
    .filter((c) => c.length > 1)
    .map((c) => [...c].sort((a, b) => a - b))
    .sort((a, b) => a[0] - b[0]);
  return { crossHoldings, onCycle: new Set([...selfHolding, ...crossHoldings.flat()]), selfHolding };
}

/**
 * One cycle through a cross-holding, to show it: from its smallest member up through owners
 * (each entity is owned by the next) back to it, shortest first, smaller ids first at a tie;
 * closed, the first id repeated at the end: [3, 7, 5, 3].
 */
export function closedCycle(component: readonly number[], edges: readonly OwnershipEdge[]): number[] {
  const members = new Set(component);
  const owners = ownersWithin(
    edges.filter((e) => e.kind !== 'branch' && members.has(e.ownerId) && members.has(e.ownedId) && e.ownerId !== e.ownedId),
  );
  const start = Math.min(...component);
  const parent = new Map<number, number>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const owner of owners.get(queue[i]) ?? []) {
      if (owner === start) {
        const cycle = [start];
        for (let id = queue[i]; id !== start; id = parent.get(id)!) cycle.splice(1, 0, id);
        return [...cycle, start];
      }
      if (parent.has(owner)) continue;
      parent.set(owner, queue[i]);
      queue.push(owner);
    }
  }
  throw new Error(`entities ${component.join(',')} form no ownership cycle`);
}

/** Owned id → its owners' ids, ascending and distinct; every entity of an edge is a key. */
function ownersWithin(edges: readonly OwnershipEdge[]): Map<number, number[]> {
  const owners = new Map<number, Set<number>>();
  for (const e of edges) {
    if (!owners.has(e.ownerId)) owners.set(e.ownerId, new Set());
    (owners.get(e.ownedId) ?? owners.set(e.ownedId, new Set()).get(e.ownedId)!).add(e.ownerId);
  }
  return new Map([...owners].map(([id, set]) => [id, [...set].sort((a, b) => a - b)]));
}
