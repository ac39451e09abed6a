import type { Executor } from '../../create-db';
import { NotFoundError } from '../../../domain/errors';
import type {
  SnapshotEntity,
  SnapshotOwnershipDeclaration,
  SnapshotPepRecord,
  SnapshotProceeding,
  SnapshotRelationship,
  SnapshotSanction,
} from '../../../domain/analysis/snapshot';
import { loadNetworkFacts } from './snapshot-network-facts';
import { walkNetwork } from './snapshot-walk';

export type LoadSnapshotInput = { subjectEntityId: number; asOf: string; maxDepth: number; maxNodes: number; uboThresholdPercent: number };

/** The rows of a subject's network as the store holds them: no screening, no policy (usecases/analyses/support/analysis-run.ts). */
export type SnapshotRows = {
  truncated: boolean;
  entities: SnapshotEntity[];
  relationships: SnapshotRelationship[];
  pepRecords: SnapshotPepRecord[];
  sanctions: SnapshotSanction[];
  proceedings: SnapshotProceeding[];
  declarations: SnapshotOwnershipDeclaration[];
};

/** The network walk from a subject and the facts about the entities it reached. */
export async function loadSnapshotRows(
  db: Executor,
  input: Pick<LoadSnapshotInput, 'subjectEntityId' | 'maxDepth' | 'maxNodes'>,
): Promise<SnapshotRows> {
  const { hops, frontier, truncated } = await walkNetwork(db, input);
  const ids = [...hops.keys()].sort((a, b) => a - b);
  // `frontier` now holds the entities whose links were never followed (the last hop reached).
  const { entities, relationships, pepRecords, sanctions, proceedings, declarations, beyond } = await loadNetworkFacts(
    db,
    ids,
    hops,
    frontier,
  );
  // Checked on the loaded entities rather than by a query up front: callers (the analyses route)
  // have resolved the subject already, so the common case pays nothing for the check.
  if (!entities.some((e) => e.entity_id === input.subjectEntityId)) throw new NotFoundError('entity');
  for (const entity of entities) entity.has_links_beyond_depth = beyond.has(entity.entity_id);
  return { truncated, entities, relationships, pepRecords, sanctions, proceedings, declarations };
}
