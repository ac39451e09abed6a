import type { UboNodeRef, UboPath } from '../types';
import type { OwnershipLink } from './ownership-links';

/**
 * The ownership chains from the subject up to one holder, as UboPath (docs/graph.md): simple paths,
 * shortest first. Counting simple paths is exponential in the worst case, so enumeration stops
 * at a budget and the listed paths say `truncated`.
 */
const UBO_PATH_LIMITS = { listed: 16, enumerated: 256, depth: 12, steps: 20_000 } as const;

const ref = (id: number): UboNodeRef => ({ canonical_id: id, label: 'Entity' });

export function selfUboPath(subject: number): UboPath {
  return {
    path_id: `ubo:${subject}`,
    root_node_key: ref(subject),
    target_node_key: ref(subject),
    node_keys: [ref(subject)],
    edge_keys: [],
    depth: 0,
    direction: 'self',
    contains_cycle: false,
    equivalent_path_count: 1,
    truncated: false,
  };
}

/** Entities the holder reaches going down its holdings: the only ones a chain to it can pass. */
function downstreamOf(holder: number, ownedBy: Map<number, OwnershipLink[]>): Set<number> {
  const seen = new Set([holder]);
  const queue = [holder];
  for (let i = 0; i < queue.length; i++) {
    for (const l of ownedBy.get(queue[i]) ?? []) {
      if (seen.has(l.owned)) continue;
      seen.add(l.owned);
      queue.push(l.owned);
    }
  }
  return seen;
}

export function findUboPaths(
  subject: number,
  holder: number,
  ownersOf: Map<number, OwnershipLink[]>,
  ownedBy: Map<number, OwnershipLink[]>,
  cyclic: Set<number>,
): { paths: UboPath[]; truncated: boolean } {
  if (holder === subject) return { paths: [selfUboPath(subject)], truncated: false };
  const allowed = downstreamOf(holder, ownedBy);
  const found: { ids: number[]; edges: string[] }[] = [];
  let truncated = false;
  const ids = [subject];
  const edges: string[] = [];
  const onPath = new Set([subject]);
  let steps = 0;
  const visit = (node: number): void => {
    if (truncated) return;
    if (++steps > UBO_PATH_LIMITS.steps) return void (truncated = true);
    const owners = (ownersOf.get(node) ?? []).filter((l) => allowed.has(l.owner) && !onPath.has(l.owner));
    for (const link of owners) {
      if (found.length >= UBO_PATH_LIMITS.enumerated) return void (truncated = true);
      ids.push(link.owner);
      edges.push(link.edgeKeys[0]);
      if (link.owner === holder) found.push({ ids: [...ids], edges: [...edges] });
      else if (ids.length <= UBO_PATH_LIMITS.depth) {
        onPath.add(link.owner);
        visit(link.owner);
        onPath.delete(link.owner);
      } else truncated = true;
      ids.pop();
      edges.pop();
    }
  };
  visit(subject);

  found.sort((a, b) => a.ids.length - b.ids.length || a.ids.join(',').localeCompare(b.ids.join(',')));
  const perDepth = new Map<number, number>();
  for (const p of found) perDepth.set(p.ids.length - 1, (perDepth.get(p.ids.length - 1) ?? 0) + 1);
  const listed = found.slice(0, UBO_PATH_LIMITS.listed);
  truncated ||= found.length > listed.length;
  return {
    truncated,
    paths: listed.map((p) => ({
      path_id: `ubo:${p.ids.join('>')}`,
      root_node_key: ref(subject),
      target_node_key: ref(holder),
      node_keys: p.ids.map(ref),
      edge_keys: p.edges,
      depth: p.ids.length - 1,
      direction: 'incoming',
      contains_cycle: p.ids.some((id) => cyclic.has(id)),
      equivalent_path_count: perDepth.get(p.ids.length - 1)!,
      truncated,
    })),
  };
}
