import type { Snapshot } from '../../analysis/snapshot';
import { declarationEdgeKey, relationshipEdgeKey } from '../keys';
import { ownershipEdges, type OwnershipEdge } from '../../snapshot-facts/ownership-edges';
import { fromPercentString, max, ONE, Rational } from './rational';

/**
 * One owner → owned link of the ownership network, as of the analysis date. Several records for
 * one pair (a Receita partner row and a BODS row, say) describe the same holding: they are merged
 * (largest known share wins), never summed. Which records hold at as_of, and which way they point,
 * is snapshot-facts/ownership-edges.ts: the edges scoring reads too.
 */
export type OwnershipLink = {
  owner: number;
  owned: number;
  /** Fraction of `owned`'s capital; null when the source gives none (Receita partner data). */
  share: Rational | null;
  /** Fraction of the votes; the share when only the share is known. */
  voting: Rational | null;
  /** A CONTROLS relationship, or a branch (its headquarters is the same legal person). */
  controls: boolean;
  /** False for pure control links (CONTROLS without a share): they give control, not capital. */
  carriesCapital: boolean;
  edgeKeys: string[];
  confidenceHigh: boolean;
};

/** Entities with a chain of ownership edges up to `target`: only their links matter to it. */
function upstreamOf(edges: readonly OwnershipEdge[], target: number): Set<number> {
  const owners = new Map<number, number[]>();
  for (const e of edges) (owners.get(e.ownedId) ?? owners.set(e.ownedId, []).get(e.ownedId)!).push(e.ownerId);
  const seen = new Set([target]);
  const queue = [target];
  for (let i = 0; i < queue.length; i++) {
    for (const o of owners.get(queue[i]) ?? []) {
      if (seen.has(o)) continue;
      seen.add(o);
      queue.push(o);
    }
  }
  return seen;
}

/** The link an ownership edge carries into the computation, or undefined when it carries none. */
function linkOf(edge: OwnershipEdge): OwnershipLink | undefined {
  const { ownerId: owner, ownedId: owned } = edge;
  if (edge.declaration) {
    // Direct BODS declarations fill pairs the relationships leave without a share.
    const d = edge.declaration;
    const share = fromPercentString(d.share_exact);
    const declaresCapital = d.interest_types.length === 0 || d.interest_types.includes('shareholding');
    const declaresVotes = d.interest_types.includes('votingRights');
    if (d.is_direct === false || !share || (!declaresCapital && !declaresVotes)) return undefined;
    return {
      owner,
      owned,
      share: declaresCapital ? share : null,
      voting: share,
      controls: false,
      carriesCapital: declaresCapital,
      edgeKeys: [declarationEdgeKey(d.declaration_id)],
      confidenceHigh: true,
    };
  }
  const r = edge.relationship!;
  const key = relationshipEdgeKey(r.relationship_id);
  const confidenceHigh = r.confidence_level === 'high';
  if (edge.kind === 'capital') {
    const share = fromPercentString(r.ownership_percentage) ?? null;
    return {
      owner,
      owned,
      share,
      voting: fromPercentString(r.voting_percentage) ?? share,
      controls: false,
      carriesCapital: true,
      edgeKeys: [key],
      confidenceHigh,
    };
  }
  if (edge.kind === 'control') {
    const share = fromPercentString(r.ownership_percentage);
    return {
      owner,
      owned,
      share: share ?? null,
      voting: fromPercentString(r.voting_percentage) ?? share ?? null,
      controls: true,
      carriesCapital: share !== undefined,
      edgeKeys: [key],
      confidenceHigh,
    };
  }
  // The headquarters holds the whole branch (snapshot-facts/ownership-edges.ts turned the edge round).
  return { owner, owned, share: ONE, voting: ONE, controls: true, carriesCapital: true, edgeKeys: [key], confidenceHigh };
}

/** The ownership links of the snapshot at as_of; with `target`, only those on a chain up to it. */
export function collectOwnershipLinks(snapshot: Snapshot, target?: number): OwnershipLink[] {
  const edges = ownershipEdges(snapshot);
  const relevant = target === undefined ? undefined : upstreamOf(edges, target);
  const byPair = new Map<string, OwnershipLink>();
  for (const edge of edges) {
    const link = relevant && !relevant.has(edge.ownedId) ? undefined : linkOf(edge);
    if (!link) continue;
    const pair = `${link.owner}>${link.owned}`;
    const existing = byPair.get(pair);
    if (!existing) {
      byPair.set(pair, link);
      continue;
    }
    existing.share = existing.share && link.share ? max(existing.share, link.share) : (existing.share ?? link.share);
    existing.voting = existing.voting && link.voting ? max(existing.voting, link.voting) : (existing.voting ?? link.voting);
    existing.controls ||= link.controls;
    existing.carriesCapital ||= link.carriesCapital;
    existing.confidenceHigh &&= link.confidenceHigh;
    existing.edgeKeys = [...new Set([...existing.edgeKeys, ...link.edgeKeys])].sort();
  }
  return [...byPair.values()].sort((a, b) => a.owned - b.owned || a.owner - b.owner);
}
