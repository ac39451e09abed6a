import type { Snapshot } from '../../analysis/snapshot';
import { declarationEdgeKey, relationshipEdgeKey } from '../keys';
import { isValidOn } from '../validity';
import { fromPercentString, max, ONE, Rational } from './rational';

/**
 * One owner → owned link of the ownership network, as of the analysis date. Several records for
 * one pair (a Receita partner row and a BODS row, say) describe the same holding: they are merged
 * (largest known share wins), never summed.
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

const capitalTypes = new Set(['OWNS', 'PARTNER_OF']);

function withinDates(from: string | null, to: string | null, asOf: string): boolean {
  return isValidOn({ is_active: true, valid_from: from, valid_to: to }, asOf);
}

/** The owner → owned pairs of a relationship record, or undefined when it is no ownership link. */
function ownershipPair(r: Snapshot['network']['relationships'][number]): [owner: number, owned: number] | undefined {
  if (capitalTypes.has(r.relationship_type) || r.relationship_type === 'CONTROLS') return [r.source_entity_id, r.target_entity_id];
  if (r.relationship_type === 'BRANCH_OF') return [r.target_entity_id, r.source_entity_id];
  return undefined;
}

/** Entities with a chain of ownership records up to `target`: only their links matter to it. */
function upstreamOf(snapshot: Snapshot, target: number): Set<number> {
  const owners = new Map<number, number[]>();
  const add = (owner: number, owned: number) => (owners.get(owned) ?? owners.set(owned, []).get(owned)!).push(owner);
  for (const r of snapshot.network.relationships) {
    const pair = ownershipPair(r);
    if (pair) add(pair[0], pair[1]);
  }
  for (const d of snapshot.ownership_declarations) add(d.owner_entity_id, d.subject_entity_id);
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

/** The ownership links of the snapshot; with `target`, only those on a chain up to it. */
export function collectOwnershipLinks(snapshot: Snapshot, target?: number): OwnershipLink[] {
  const relevant = target === undefined ? undefined : upstreamOf(snapshot, target);
  const byPair = new Map<string, OwnershipLink>();
  const put = (link: OwnershipLink) => {
    const pair = `${link.owner}>${link.owned}`;
    const existing = byPair.get(pair);
    if (!existing) return void byPair.set(pair, link);
    existing.share = existing.share && link.share ? max(existing.share, link.share) : (existing.share ?? link.share);
    existing.voting = existing.voting && link.voting ? max(existing.voting, link.voting) : (existing.voting ?? link.voting);
    existing.controls ||= link.controls;
    existing.carriesCapital ||= link.carriesCapital;
    existing.confidenceHigh &&= link.confidenceHigh;
    existing.edgeKeys = [...new Set([...existing.edgeKeys, ...link.edgeKeys])].sort();
  };

  for (const r of snapshot.network.relationships) {
    const pair = ownershipPair(r);
    if (!pair || (relevant && !relevant.has(pair[1])) || !isValidOn(r, snapshot.as_of)) continue;
    const key = relationshipEdgeKey(r.relationship_id);
    const confidenceHigh = r.confidence_level === 'high';
    if (capitalTypes.has(r.relationship_type)) {
      const share = fromPercentString(r.ownership_percentage) ?? null;
      const voting = fromPercentString(r.voting_percentage) ?? share;
      put({ owner: r.source_entity_id, owned: r.target_entity_id, share, voting, controls: false, carriesCapital: true, edgeKeys: [key], confidenceHigh });
    } else if (r.relationship_type === 'CONTROLS') {
      const share = fromPercentString(r.ownership_percentage);
      put({ owner: r.source_entity_id, owned: r.target_entity_id, share: share ?? null, voting: fromPercentString(r.voting_percentage) ?? share ?? null, controls: true, carriesCapital: share !== undefined, edgeKeys: [key], confidenceHigh });
    } else if (r.relationship_type === 'BRANCH_OF') {
      // source is a branch of target: the headquarters holds the whole branch.
      put({ owner: r.target_entity_id, owned: r.source_entity_id, share: ONE, voting: ONE, controls: true, carriesCapital: true, edgeKeys: [key], confidenceHigh });
    }
  }

  // Direct BODS declarations fill pairs the relationships leave without a share.
  for (const d of snapshot.ownership_declarations) {
    if (d.is_direct === false || (relevant && !relevant.has(d.subject_entity_id)) || !withinDates(d.start_date, d.end_date, snapshot.as_of)) continue;
    const share = fromPercentString(d.share_exact);
    const declaresCapital = d.interest_types.length === 0 || d.interest_types.includes('shareholding');
    const declaresVotes = d.interest_types.includes('votingRights');
    if (!share || (!declaresCapital && !declaresVotes)) continue;
    put({
      owner: d.owner_entity_id,
      owned: d.subject_entity_id,
      share: declaresCapital ? share : null,
      voting: share,
      controls: false,
      carriesCapital: declaresCapital,
      edgeKeys: [declarationEdgeKey(d.declaration_id)],
      confidenceHigh: true,
    });
  }
  return [...byPair.values()].sort((a, b) => a.owned - b.owned || a.owner - b.owner);
}
