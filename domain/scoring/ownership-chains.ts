import type { EvaluationContext } from './context';

/** The ownership structure above the subject, derived once per snapshot. */
export type Upstream = {
  /** Owner id → shortest depth above the subject (direct owner = 1). */
  depth: Map<number, number>;
  /** The chain subject → ... → owner (entity ids, subject first) along the shortest path. */
  chainTo(ownerId: number): number[];
  /** Cycles among the owners, each as entity ids with the first id repeated at the end. */
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
  return { depth, chainTo, cycles: findCycles(ctx) };
}

/** Depth-first over owner edges from the subject; each back edge closes a cycle. Deduplicated by member set. */
function findCycles(ctx: EvaluationContext): number[][] {
  const state = new Map<number, 'open' | 'done'>();
  const stack: number[] = [];
  const cycles: number[][] = [];
  const seen = new Set<string>();
  const visit = (id: number) => {
    state.set(id, 'open');
    stack.push(id);
    for (const edge of ctx.ownersOf(id)) {
      const next = edge.ownerId;
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const key = [...cycle].sort((a, b) => a - b).join(',');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(rotateToSmallest(cycle));
        }
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(id, 'done');
  };
  visit(ctx.subjectId);
  return cycles.sort((a, b) => compareIdLists(a, b));
}

/** The cycle starting from its smallest id, closed: [3, 7, 5, 3]. */
function rotateToSmallest(cycle: number[]): number[] {
  const start = cycle.indexOf(Math.min(...cycle));
  const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
  return [...rotated, rotated[0]];
}

function compareIdLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
