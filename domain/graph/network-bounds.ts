import type { Snapshot, SnapshotRelationship } from '../analysis/snapshot';
import type { GraphLimitation } from './types';

/**
 * Which entities of the snapshot network the graph shows. Breadth-first from the subject, in a
 * deterministic order (ownership and control before administration, family, the rest; then by
 * id), within three bounds: depth (hops), fan-out (new neighbours taken from one node) and the
 * total node count. Every cut is reported as a limitation and marks the node it cut at.
 */
export type NetworkSelection = {
  /** Included entity ids in breadth-first order, the subject first. */
  order: number[];
  hop: Map<number, number>;
  /** Entities whose neighbourhood is shown incompletely. */
  cutAt: Set<number>;
  limitations: GraphLimitation[];
  truncated: boolean;
};

const typePriority: Record<string, number> = {
  OWNS: 0,
  CONTROLS: 0,
  PARTNER_OF: 0,
  BRANCH_OF: 1,
  ADMINISTERS: 2,
  LEGAL_REPRESENTATIVE_OF: 2,
  FAMILY_OF: 3,
};
const priorityOf = (r: SnapshotRelationship) => typePriority[r.relationship_type] ?? 4;
const SAMPLE = 20;

export function selectNetwork(snapshot: Snapshot, bounds: { maxDepth: number; maxNodes: number; maxFanOut: number }): NetworkSelection {
  const root = snapshot.subject_entity_id;
  const known = new Set(snapshot.network.entities.map((e) => e.entity_id));
  const neighbours = new Map<number, Map<number, number>>();
  const link = (a: number, b: number, priority: number) => {
    const m = neighbours.get(a) ?? neighbours.set(a, new Map()).get(a)!;
    m.set(b, Math.min(m.get(b) ?? priority, priority));
  };
  for (const r of snapshot.network.relationships) {
    if (!known.has(r.source_entity_id) || !known.has(r.target_entity_id) || r.source_entity_id === r.target_entity_id) continue;
    link(r.source_entity_id, r.target_entity_id, priorityOf(r));
    link(r.target_entity_id, r.source_entity_id, priorityOf(r));
  }

  const hop = new Map([[root, 0]]);
  const order = [root];
  const cutAt = new Set<number>();
  const limitations: GraphLimitation[] = [];
  const depthBoundary: number[] = [];
  let nodeLimitHit = false;
  for (let i = 0; i < order.length; i++) {
    const node = order[i];
    const fresh = [...(neighbours.get(node) ?? new Map<number, number>())]
      .filter(([id]) => !hop.has(id))
      .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    if (fresh.length === 0) continue;
    if (hop.get(node)! >= bounds.maxDepth) {
      cutAt.add(node);
      depthBoundary.push(node);
      continue;
    }
    let take = fresh;
    if (fresh.length > bounds.maxFanOut) {
      take = fresh.slice(0, bounds.maxFanOut);
      cutAt.add(node);
      limitations.push({
        code: 'graph_fan_out_limit',
        message: `Only the first ${bounds.maxFanOut} of ${fresh.length} new neighbours of this entity are shown.`,
        details: { max_fan_out: bounds.maxFanOut, neighbours: fresh.length, omitted: fresh.length - bounds.maxFanOut },
        entity_id: node,
      });
    }
    for (const [id] of take) {
      if (order.length >= bounds.maxNodes) {
        cutAt.add(node);
        if (!nodeLimitHit)
          limitations.push({
            code: 'graph_node_limit',
            message: `The graph stops at ${bounds.maxNodes} nodes; the neighbourhood of this entity and of the entities after it is cut.`,
            details: { max_nodes: bounds.maxNodes },
            entity_id: node,
          });
        nodeLimitHit = true;
        break;
      }
      hop.set(id, hop.get(node)! + 1);
      order.push(id);
    }
  }
  if (depthBoundary.length > 0) {
    limitations.push({
      code: 'graph_depth_limit',
      message: `Entities more than ${bounds.maxDepth} hops from the subject are not shown.`,
      details: {
        max_depth: bounds.maxDepth,
        boundary_entity_count: depthBoundary.length,
        boundary_entity_ids: depthBoundary.slice(0, SAMPLE),
      },
      entity_id: root,
    });
  }
  const omitted = known.size - order.length;
  if (snapshot.network.truncated) {
    limitations.push({
      code: 'snapshot_network_truncated',
      message: 'The enrichment snapshot itself stopped before the whole network: entities beyond it are unknown to this analysis.',
      details: { snapshot_max_depth: snapshot.network.max_depth, snapshot_entities: known.size },
      entity_id: root,
    });
  }
  return { order, hop, cutAt, limitations, truncated: snapshot.network.truncated || limitations.length > 0 || omitted > 0 };
}
