import type { SnapshotEntity, SnapshotOwnershipDeclaration, SnapshotProceeding, SnapshotRelationship } from '../../analysis/snapshot';
import type { GraphEdge, GraphLimitation, GraphNode, GraphPath } from '../types';
import type { ExpansionDomain } from './expansion-domains';

/** What the entity store holds around one node for the requested domains. */
export type Neighbourhood = {
  entities: SnapshotEntity[];
  relationships: SnapshotRelationship[];
  proceedings: SnapshotProceeding[];
  declarations: SnapshotOwnershipDeclaration[];
  /** Domains whose query hit the per-domain limit. */
  cut: { domain: ExpansionDomain; limit: number }[];
};

/**
 * One applied expansion, persisted in analyses.graph_expansions (an append-only list). It holds
 * only what was new when it was applied, so replaying the list over the analysis-time graph
 * rebuilds the expanded view with every key once.
 */
export type ExpansionRecord = {
  node_key: string;
  domains: ExpansionDomain[];
  expanded_at: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  paths: GraphPath[];
  limitations: GraphLimitation[];
};
