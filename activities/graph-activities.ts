import { ApplicationFailure } from '@temporalio/activity';
import { buildIndexFromStoredGraph, lockAnalysisGraph, probeGraphKeys, recordGraphExpansion } from '../db/repositories/graph-expansion-writes';
import { loadNeighbourhood } from '../db/repositories/graph-expansion-repository';
import { buildExpansionRecord, isEmptyRecord } from '../domain/graph/expansion/build-expansion-record';
import { applicableDomains, ExpansionDomain } from '../domain/graph/expansion/expansion-domains';
import { declarationEdgeKey, entityNodeKey, parseNodeKey, partyEdgeKey, proceedingNodeKey, relationshipEdgeKey } from '../domain/graph/keys';
import { DEFAULT_MAX_FAN_OUT } from '../domain/graph/types';
import type { ActivityDeps } from './index';

export type ExpandGraphNodeInput = { companyId: number; analysisUuid: string; nodeKey: string; domains: ExpansionDomain[] };
export type ExpandGraphNodeResult = { domains: ExpansionDomain[]; addedNodes: number; addedEdges: number };

/** Deterministic failures the API maps to 404 / 409; retrying them cannot help. */
export const graphFailureTypes = { notFound: 'GraphTargetNotFound', notReady: 'GraphNotReady' } as const;

export function createGraphActivities(deps: ActivityDeps) {
  return {
    /**
     * Expands one node of an analysis graph, in one transaction under the analysis row lock.
     * Reads only the key index (never the multi-megabyte graph). Idempotent: what the view
     * already holds is never appended again, and a retry after a crash either finds its record
     * committed (nothing new) or starts over.
     */
    async expandGraphNode(input: ExpandGraphNodeInput): Promise<ExpandGraphNodeResult> {
      const node = parseNodeKey(input.nodeKey);
      if (!node) throw ApplicationFailure.nonRetryable('graph node not found', graphFailureTypes.notFound);
      const domains = applicableDomains(node.kind, input.domains);
      return deps.db.transaction(async (trx) => {
        const row = await lockAnalysisGraph(trx, input.companyId, input.analysisUuid);
        if (!row) throw ApplicationFailure.nonRetryable('analysis not found', graphFailureTypes.notFound);
        if (!row.ready) throw ApplicationFailure.nonRetryable('graph is not ready', graphFailureTypes.notReady);
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
        if (!probe.node?.path) throw ApplicationFailure.nonRetryable('graph node not found', graphFailureTypes.notFound);
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
        const newDomains = domains.some((d) => !applied?.includes(d));
        // A repeated expansion that finds nothing new writes nothing.
        if (!isEmptyRecord(record) || newDomains || applied === null) {
          await recordGraphExpansion(trx, row.id, input.companyId, isEmptyRecord(record) ? { ...record, limitations: [] } : record);
        }
        return { domains, addedNodes: record.nodes.length, addedEdges: record.edges.length };
      });
    },
  };
}
