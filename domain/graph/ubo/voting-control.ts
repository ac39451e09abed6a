import type { OwnershipLink } from './ownership-links';
import { add, compare, HALF, Rational, ZERO } from './rational';

/**
 * Control through majority voting chains: a person controls an entity when the votes held by the
 * person and by the entities the person already controls exceed one half (or a CONTROLS link /
 * branch says so). Iterated to a fixed point, so control may be pieced together from several
 * controlled holders (P controls A and B, A and B hold 30 % + 30 % of T → P controls T).
 */
export type ControlResult = {
  controlsTarget: boolean;
  /** Votes on the target held by the person and by every entity the person controls. */
  votesOnTarget: Rational;
  /** Links in the shortest controlling chain from the person to the target (0 when no control). */
  depth: number;
};

export function resolveVotingControl(
  person: number,
  target: number,
  ownedBy: Map<number, OwnershipLink[]>,
  upstream: Set<number>,
): ControlResult {
  const depthOf = new Map<number, number>([[person, 0]]);
  const votes = new Map<number, Rational>();
  const queue = [person];
  for (let i = 0; i < queue.length; i++) {
    const holder = queue[i];
    for (const link of ownedBy.get(holder) ?? []) {
      const w = link.owned;
      if (depthOf.has(w) || !upstream.has(w)) continue;
      const total = link.voting ? add(votes.get(w) ?? ZERO, link.voting) : (votes.get(w) ?? ZERO);
      votes.set(w, total);
      if (link.controls || compare(total, HALF) > 0) {
        depthOf.set(w, depthOf.get(holder)! + 1);
        // The target's own holdings lead downstream: control of the target is the end of the chain.
        if (w !== target) queue.push(w);
      }
    }
  }
  let votesOnTarget = ZERO;
  for (const [holder] of depthOf) {
    for (const link of ownedBy.get(holder) ?? []) if (link.owned === target && link.voting) votesOnTarget = add(votesOnTarget, link.voting);
  }
  const controlsTarget = depthOf.has(target);
  return { controlsTarget, votesOnTarget, depth: controlsTarget ? depthOf.get(target)! : 0 };
}
