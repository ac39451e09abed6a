import { closedCycle } from '../snapshot-facts/cycles';
import type { EvaluationContext } from './context';

/** The ownership structure above the subject, derived once per snapshot. */
export type Upstream = {
  /** Owner id → shortest depth above the subject (direct owner = 1). */
  depth: Map<number, number>;
  /** The chain subject → ... → owner (entity ids, subject first) along the shortest path. */
  chainTo(ownerId: number): number[];
  /** Cross-holdings among the owners, each as entity ids with the first id repeated at the end. */
  cycles: number[][];
};

export function traceUpstream(ctx: EvaluationContext): Upstream {
  const depth = new Map<number, number>();
  const parent = new Map<number, number>();
  let frontier = [ctx.subjectId];
  let level = 0;
  while (frontier.length > 0) {
    level += 1;
    const next: number[] = [];
    for (const owned of frontier) {
      for (const edge of ctx.ownersOf(owned)) {
        if (edge.ownerId === ctx.subjectId || depth.has(edge.ownerId)) continue;
        depth.set(edge.ownerId, level);
        parent.set(edge.ownerId, owned);
        next.push(edge.ownerId);
      }
    }
    frontier = next.sort((a, b) => a - b);
  }
  const chainTo = (ownerId: number): number[] => {
    const chain = [ownerId];
    while (chain[0] !== ctx.subjectId && parent.has(chain[0])) chain.unshift(parent.get(chain[0])!);
    return chain;
  };
  // A cross-holding is above the subject when one member is (then all are: they own each other).
  const above = (id: number) => id === ctx.subjectId || depth.has(id);
  const cycles = ctx.ownershipCycles.crossHoldings.filter((c) => c.some(above)).map((c) => closedCycle(c, ctx.ownerEdges));
  return { depth, chainTo, cycles: cycles.sort(compareIdLists) };
}

function compareIdLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
