import { stronglyConnectedComponents } from '../../snapshot-facts/strongly-connected';
import type { OwnershipLink } from './ownership-links';
import { add, isZero, mul, ONE, Rational, rational, sub, ZERO, div } from './rational';

/**
 * Effective ownership of a target, exact. Think of the target's capital as a flow: every company
 * passes what reaches it on to its owners in proportion to their shares; what reaches an owner
 * without owners (a natural person, or a chain end) stays there. The flow into v is
 *   f(v) = [v = target] + Σ_{v owns w} share(v, w) · f(w)
 * which sums every chain, including chains through cross-holdings (a cycle returns part of the
 * flow, as with treasury shares). Components of the ownership graph are solved downstream first;
 * a component with a cycle is a small linear system solved exactly by Gaussian elimination.
 */
export type EffectiveOwnership = {
  /** Every entity with a chain of links (capital or control) to the target, the target included. */
  upstream: Set<number>;
  /** Fraction of the target that flows through each upstream entity, over known shares only. */
  flow: Map<number, Rational>;
  /** Entities whose chain to the target passes a holding of unknown size. */
  unknownRoute: Set<number>;
  /** Cycles whose system has no solution (a closed loop of 100 % holdings). */
  unsolvable: number[];
  ownersOf: Map<number, OwnershipLink[]>;
};

function indexOwners(links: readonly OwnershipLink[]): Map<number, OwnershipLink[]> {
  const ownersOf = new Map<number, OwnershipLink[]>();
  for (const link of links) {
    const list = ownersOf.get(link.owned);
    if (list) list.push(link);
    else ownersOf.set(link.owned, [link]);
  }
  return ownersOf;
}

function solveExactly(matrix: Rational[][], rhs: Rational[]): Rational[] | undefined {
  const n = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]]);
  for (let col = 0; col < n; col++) {
    const pivot = a.findIndex((row, r) => r >= col && !isZero(row[col]));
    if (pivot < 0) return undefined;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = 0; r < n; r++) {
      if (r === col || isZero(a[r][col])) continue;
      const factor = div(a[r][col], a[col][col]);
      for (let c = col; c <= n; c++) a[r][c] = sub(a[r][c], mul(factor, a[col][c]));
    }
  }
  return a.map((row, i) => div(row[n], row[i]));
}

export function computeEffectiveOwnership(target: number, links: readonly OwnershipLink[]): EffectiveOwnership {
  const ownersOf = indexOwners(links);
  const upstream = new Set<number>([target]);
  const unknownRoute = new Set<number>();
  // Two-state walk up the chains: reached with every share known so far, or past an unknown one.
  const seen = new Set<string>([`${target}:0`]);
  const queue: [number, 0 | 1][] = [[target, 0]];
  for (let i = 0; i < queue.length; i++) {
    const [node, unknown] = queue[i];
    for (const link of ownersOf.get(node) ?? []) {
      upstream.add(link.owner);
      const next: 0 | 1 = unknown === 1 || (link.carriesCapital && link.share === null) ? 1 : 0;
      const state = `${link.owner}:${next}`;
      if (seen.has(state)) continue;
      seen.add(state);
      if (next === 1) unknownRoute.add(link.owner);
      queue.push([link.owner, next]);
    }
  }

  const known = links.filter((l) => l.carriesCapital && l.share !== null && upstream.has(l.owner) && upstream.has(l.owned));
  const owned = new Map<number, OwnershipLink[]>();
  for (const l of known) (owned.get(l.owner) ?? owned.set(l.owner, []).get(l.owner)!).push(l);
  const nodes = [...upstream].sort((a, b) => a - b);
  const { components } = stronglyConnectedComponents(nodes, (v) => (owned.get(v) ?? []).map((l) => l.owned));

  const flow = new Map<number, Rational>();
  const unsolvable: number[] = [];
  for (const component of components) {
    const members = new Set(component);
    const external = (v: number) => {
      let sum = v === target ? ONE : ZERO;
      for (const l of owned.get(v) ?? []) if (!members.has(l.owned)) sum = add(sum, mul(l.share!, flow.get(l.owned) ?? ZERO));
      return sum;
    };
    // A single company without a known share of its own capital needs no system to solve.
    if (component.length === 1 && !(owned.get(component[0]) ?? []).some((l) => l.owned === component[0])) {
      flow.set(component[0], external(component[0]));
      continue;
    }
    const order = [...component].sort((a, b) => a - b);
    const position = new Map(order.map((v, i) => [v, i]));
    const matrix = order.map((v, i) => {
      const row = order.map((_, j) => (i === j ? ONE : ZERO));
      for (const l of owned.get(v) ?? []) {
        const j = position.get(l.owned);
        if (j !== undefined) row[j] = sub(row[j], l.share!);
      }
      return row;
    });
    const solution = solveExactly(matrix, order.map(external));
    if (!solution) unsolvable.push(...order);
    order.forEach((v, i) => flow.set(v, solution ? solution[i] : rational(0n)));
  }
  return { upstream, flow, unknownRoute, unsolvable, ownersOf };
}
