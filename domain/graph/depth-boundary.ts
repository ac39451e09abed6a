import type { Snapshot } from '../analysis/snapshot';
import type { GraphLimitation } from './types';

const SAMPLE = 20;

/**
 * The edge of the enrichment snapshot among the entities the graph shows. Since the loader flags
 * boundary entities (`has_links_beyond_depth`), the graph knows which of them really have links
 * beyond: those are cut (their paths say truncated) and the graph is truncated. A flagged-false
 * entity is complete. Snapshots written before the flag existed keep their original reading —
 * every entity at `max_depth` may have links beyond — so that replaying them rebuilds the same graph.
 */
export type DepthBoundary = {
  /** Entities whose further links are not shown (definitely or possibly). */
  cut: number[];
  limitations: GraphLimitation[];
  /** True when some shown entity is known to have links beyond the snapshot. */
  truncated: boolean;
};

export function classifyDepthBoundary(snapshot: Snapshot, shown: readonly number[]): DepthBoundary {
  const entities = new Map(snapshot.network.entities.map((e) => [e.entity_id, e]));
  const maxDepth = snapshot.network.max_depth;
  const subject = snapshot.subject_entity_id;
  const definite: number[] = [];
  const possible: number[] = [];
  for (const id of shown) {
    const entity = entities.get(id);
    if (!entity) continue;
    if (entity.has_links_beyond_depth === true) definite.push(id);
    else if (entity.has_links_beyond_depth === undefined && id !== subject && entity.hop >= maxDepth) possible.push(id);
  }
  const limitations: GraphLimitation[] = [];
  if (definite.length > 0) {
    limitations.push({
      code: 'snapshot_depth_limit',
      message: `${definite.length} ${definite.length === 1 ? 'entity' : 'entities'} at the edge of the enrichment (${maxDepth} hops) ${definite.length === 1 ? 'has' : 'have'} links to entities this analysis did not load.`,
      details: { snapshot_max_depth: maxDepth, boundary_entity_count: definite.length, boundary_entity_ids: definite.slice(0, SAMPLE) },
      entity_id: subject,
    });
  }
  if (possible.length > 0) {
    limitations.push({
      code: 'snapshot_depth_boundary',
      message: `Entities ${maxDepth} hops from the subject were loaded without their further links.`,
      details: { snapshot_max_depth: maxDepth, boundary_entity_count: possible.length, boundary_entity_ids: possible.slice(0, SAMPLE) },
      entity_id: subject,
    });
  }
  return { cut: [...definite, ...possible], limitations, truncated: definite.length > 0 };
}
