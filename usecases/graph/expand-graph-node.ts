import type { GraphExpansionInput, GraphExpansionResult } from '../../contracts/graph-expansion-workflow-contract';
import { loadNeighbourhood } from '../../db/repositories/entities/graph-expansion-repository';
import {
  buildIndexFromStoredGraph,
  lockAnalysisGraph,
  probeGraphKeys,
  recordGraphExpansion,
} from '../../db/repositories/analyses/analysis-graph-repository';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { buildExpansionRecord, isEmptyRecord } from '../../domain/graph/expansion/build-expansion-record';
import { applicableDomains } from '../../domain/graph/expansion/expansion-domains';
import {
  declarationEdgeKey,
  entityNodeKey,
  parseNodeKey,
  partyEdgeKey,
  proceedingNodeKey,
  relationshipEdgeKey,
} from '../../domain/graph/keys';
import { DEFAULT_MAX_FAN_OUT } from '../../domain/graph/types';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * The expansion itself (the workflow's one step), in one transaction under the analysis row
 * lock. Reads only the key index (never the multi-megabyte graph). Idempotent: what the view
 * already holds is never appended again, and a retry after a crash either finds its record
 * committed (nothing new) or starts over.
 */
export async function expandGraphNode(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: SystemActor,
  input: GraphExpansionInput,
): Promise<GraphExpansionResult> {
  const { db } = deps;
  const node = parseNodeKey(input.nodeKey);
  if (!node) throw new NotFoundError('graph node');
  const domains = applicableDomains(node.kind, input.domains);
  return db.transaction(async (trx) => {
    const row = await lockAnalysisGraph(trx, input.companyId, input.analysisUuid);
    if (!row) throw new NotFoundError('analysis');
    if (!row.ready) throw new ConflictError('graph is not ready');
    if (!row.indexed) await buildIndexFromStoredGraph(trx, row.id, input.companyId);
    const hood = await loadNeighbourhood(trx, node, domains, DEFAULT_MAX_FAN_OUT);
    const candidates = [
      ...hood.entities.map((e) => entityNodeKey(e.entity_id)),
      ...hood.proceedings.map((p) => proceedingNodeKey(p.proceeding_id)),
      ...hood.relationships.map((r) => relationshipEdgeKey(r.relationship_id)),
      ...hood.declarations.map((d) => declarationEdgeKey(d.declaration_id)),
      ...hood.proceedings.flatMap((p) => p.parties.map((party) => partyEdgeKey(p.proceeding_id, party.entity_id))),
    ];
    const probe = await probeGraphKeys(trx, row.id, input.companyId, input.nodeKey, candidates);
    // Every node of the view has a path: no path, no such node.
    if (!probe.node?.path) throw new NotFoundError('graph node');
    const record = buildExpansionRecord({
      nodeKey: input.nodeKey,
      nodeEntityId: node.kind === 'entity' ? node.id : null,
      rootEntityId: row.subjectEntityId,
      domains,
      neighbourhood: hood,
      parentPath: probe.node.path,
      existingNodeKeys: probe.existing,
      existingEdgeKeys: probe.existing,
      asOf: row.asOf,
      expandedAt: new Date().toISOString(),
    });
    const applied = probe.node.expandedDomains;
    // A repeated expansion that finds nothing new writes nothing.
    if (!isEmptyRecord(record) || domains.some((d) => !applied?.includes(d)) || applied === null) {
      await recordGraphExpansion(trx, row.id, input.companyId, isEmptyRecord(record) ? { ...record, limitations: [] } : record);
    }
    return { domains, addedNodes: record.nodes.length, addedEdges: record.edges.length };
  });
}
