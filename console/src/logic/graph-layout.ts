/**
 * A deterministic radial layout: the subject at the centre, each node on the ring of its hop
 * distance, inside an angular sector proportional to the size of the subtree it leads to, so a
 * branch stays together. One breadth-first pass and one sort per node's children: O(n log n),
 * a few milliseconds for 5,000 nodes, and the same picture for the same graph every time
 * (a force layout would move between reloads and cost seconds).
 */
export type Point = { x: number; y: number };
type Link = { source: string; target: string };

const RING = 100;

function adjacencyOf(nodeKeys: readonly string[], links: readonly Link[]): Map<string, string[]> {
  const adjacency = new Map<string, string[]>(nodeKeys.map((k) => [k, []]));
  for (const { source, target } of links) {
    if (source === target || !adjacency.has(source) || !adjacency.has(target)) continue;
    adjacency.get(source)!.push(target);
    adjacency.get(target)!.push(source);
  }
  for (const neighbours of adjacency.values()) neighbours.sort();
  return adjacency;
}

/** Hop distance from the root over links in either direction; nodes it cannot reach are left out. */
export function hopsFrom(rootKey: string, nodeKeys: readonly string[], links: readonly Link[]): Map<string, number> {
  const adjacency = adjacencyOf(nodeKeys, links);
  const hops = new Map<string, number>([[rootKey, 0]]);
  const queue = [rootKey];
  for (let i = 0; i < queue.length; i++) {
    for (const next of adjacency.get(queue[i]) ?? []) {
      if (hops.has(next)) continue;
      hops.set(next, hops.get(queue[i])! + 1);
      queue.push(next);
    }
  }
  return hops;
}

export function radialLayout(rootKey: string, nodeKeys: readonly string[], links: readonly Link[]): Map<string, Point> {
  const adjacency = adjacencyOf(nodeKeys, links);
  const parent = new Map<string, string | null>([[rootKey, null]]);
  const depth = new Map<string, number>([[rootKey, 0]]);
  const order = [rootKey];
  for (let i = 0; i < order.length; i++) {
    for (const next of adjacency.get(order[i]) ?? []) {
      if (parent.has(next)) continue;
      parent.set(next, order[i]);
      depth.set(next, depth.get(order[i])! + 1);
      order.push(next);
    }
  }
  // Nodes the subject does not reach (possible after an expansion of a proceeding) hang on an outer ring.
  const maxDepth = Math.max(0, ...depth.values());
  for (const key of [...nodeKeys].sort()) {
    if (parent.has(key)) continue;
    parent.set(key, rootKey);
    depth.set(key, maxDepth + 1);
    order.push(key);
  }
  const children = new Map<string, string[]>();
  for (const key of order) {
    const p = parent.get(key);
    if (p) (children.get(p) ?? children.set(p, []).get(p)!).push(key);
  }
  const weight = new Map<string, number>();
  for (let i = order.length - 1; i >= 0; i--) {
    const key = order[i];
    weight.set(key, 1 + (children.get(key) ?? []).reduce((sum, c) => sum + weight.get(c)!, 0));
  }
  const positions = new Map<string, Point>([[rootKey, { x: 0, y: 0 }]]);
  const sector = new Map<string, [number, number]>([[rootKey, [0, 2 * Math.PI]]]);
  for (const key of order) {
    const [start, end] = sector.get(key)!;
    const kids = children.get(key) ?? [];
    const total = kids.reduce((sum, c) => sum + weight.get(c)!, 0);
    let cursor = start;
    for (const child of kids) {
      const span = ((end - start) * weight.get(child)!) / total;
      sector.set(child, [cursor, cursor + span]);
      const angle = cursor + span / 2;
      const radius = depth.get(child)! * RING;
      positions.set(child, { x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
      cursor += span;
    }
  }
  return positions;
}

/**
 * Where the nodes an expansion adds go: fanned out just beyond the node they hang from, so the
 * existing picture does not move (the analyst keeps their bearings) and only new points draw.
 */
export function placeNewNodes(
  positions: ReadonlyMap<string, Point>,
  newKeys: readonly string[],
  links: readonly Link[],
): Map<string, Point> {
  const fresh = new Set(newKeys);
  const anchorOf = new Map<string, string>();
  for (const { source, target } of links) {
    if (fresh.has(source) && positions.has(target) && !anchorOf.has(source)) anchorOf.set(source, target);
    if (fresh.has(target) && positions.has(source) && !anchorOf.has(target)) anchorOf.set(target, source);
  }
  const byAnchor = new Map<string, string[]>();
  for (const key of [...newKeys].sort()) {
    const anchor = anchorOf.get(key) ?? '';
    (byAnchor.get(anchor) ?? byAnchor.set(anchor, []).get(anchor)!).push(key);
  }
  let outer = 0;
  for (const p of positions.values()) outer = Math.max(outer, Math.hypot(p.x, p.y));
  const placed = new Map<string, Point>();
  for (const [anchor, keys] of byAnchor) {
    const base = positions.get(anchor) ?? { x: outer + RING, y: 0 };
    const baseRadius = Math.hypot(base.x, base.y);
    const baseAngle = baseRadius === 0 ? 0 : Math.atan2(base.y, base.x);
    const radius = baseRadius + RING * 0.6;
    const spread = Math.min(Math.PI / 2, (keys.length * RING * 0.15) / Math.max(radius, RING));
    keys.forEach((key, i) => {
      const angle = baseAngle + (keys.length === 1 ? 0 : -spread / 2 + (spread * i) / (keys.length - 1));
      placed.set(key, { x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
  }
  return placed;
}
