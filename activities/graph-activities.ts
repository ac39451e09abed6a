import { ApplicationFailure } from '@temporalio/activity';
import { appendGraphExpansion, lockAnalysisGraph, probeBaseGraph } from '../db/repositories/analysis-graph-repository';
import { loadNeighbourhood } from '../db/repositories/graph-expansion-repository';
import { buildExpansionRecord, isEmptyRecord } from '../domain/graph/expansion/build-expansion-record';
import { applicableDomains, ExpansionDomain } from '../domain/graph/expansion/expansion-domains';
import { entityNodeKey, parseNodeKey, partyEdgeKey } from '../domain/graph/keys';
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
     * Idempotent: what the view already holds is never appended again, and a retry after a
     * crash either finds its record committed (nothing new) or starts over.
     */
    async expandGraphNode(input: ExpandGraphNodeInput): Promise<ExpandGraphNodeResult> {
      const node = parseNodeKey(input.nodeKey);
      if (!node) throw ApplicationFailure.nonRetryable('graph node not found', graphFailureTypes.notFound);
      const domains = applicableDomains(node.kind, input.domains);
      return deps.db.transaction(async (trx) => {
        const row = await lockAnalysisGraph(trx, input.companyId, input.analysisUuid);
        if (!row) throw ApplicationFailure.nonRetryable('analysis not found', graphFailureTypes.notFound);
        if (!row.ready) throw ApplicationFailure.nonRetryable('graph is not ready', graphFailureTypes.notReady);
        const hood = await loadNeighbourhood(trx, node, domains, DEFAULT_MAX_FAN_OUT);
        const candidateNodes = [...hood.entities.map((e) => entityNodeKey(e.entity_id)), ...hood.proceedings.map((p) => `proceeding:${p.proceeding_id}`)];
        const candidateEdges = [
          ...hood.relationships.map((r) => `edge:rel:${r.relationship_id}`),
          ...hood.declarations.map((d) => `edge:decl:${d.declaration_id}`),
          ...hood.proceedings.flatMap((p) => p.parties.map((party) => partyEdgeKey(p.proceeding_id, party.entity_id))),
        ];
        const base = await probeBaseGraph(trx, row.id, input.nodeKey, candidateNodes, candidateEdges);
        const parentPath = base.path ?? row.expansions.flatMap((r) => r.paths).find((p) => p.target_node_key === input.nodeKey);
        // Every node of the view has a path: no path, no such node.
        if (!parentPath) throw ApplicationFailure.nonRetryable('graph node not found', graphFailureTypes.notFound);
        const existingNodeKeys = new Set([...base.nodes, ...row.expansions.flatMap((r) => r.nodes.map((n) => n.key))]);
        const existingEdgeKeys = new Set([...base.edges, ...row.expansions.flatMap((r) => r.edges.map((e) => e.projection_key))]);
        const record = buildExpansionRecord({
          nodeKey: input.nodeKey,
          nodeEntityId: node.kind === 'entity' ? node.id : null,
          rootEntityId: row.rootEntityId ?? 1,
          domains,
          neighbourhood: hood,
          parentPath,
          existingNodeKeys,
          existingEdgeKeys,
          asOf: row.asOf,
          expandedAt: new Date().toISOString(),
        });
        const alreadyApplied = new Set(row.expansions.filter((r) => r.node_key === input.nodeKey).flatMap((r) => r.domains));
        const newDomains = domains.some((d) => !alreadyApplied.has(d));
        // A repeated expansion that finds nothing new writes nothing.
        if (!isEmptyRecord(record) || newDomains || !row.expansions.some((r) => r.node_key === input.nodeKey)) {
          await appendGraphExpansion(trx, row.id, isEmptyRecord(record) ? { ...record, limitations: [] } : record);
        }
        return { domains, addedNodes: record.nodes.length, addedEdges: record.edges.length };
      });
    },
  };
}
