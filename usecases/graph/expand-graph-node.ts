import {
  type GraphExpansionInput,
  type GraphExpansionResult,
  graphExpansionWorkflowContract,
} from '../../contracts/graph-expansion-workflow-contract';
import { findGraphState } from '../../db/repositories/analyses/analysis-graph-repository';
import { loadNeighbourhood } from '../../db/repositories/entities/graph-expansion-repository';
import {
  buildIndexFromStoredGraph,
  lockAnalysisGraph,
  probeGraphKeys,
  recordGraphExpansion,
} from '../../db/repositories/analyses/analysis-graph-repository';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { buildExpansionRecord, isEmptyRecord } from '../../domain/graph/expansion/build-expansion-record';
import { applicableDomains, EXPANSION_DOMAINS, type ExpansionDomain } from '../../domain/graph/expansion/expansion-domains';
import {
  declarationEdgeKey,
  entityNodeKey,
  parseNodeKey,
  partyEdgeKey,
  proceedingNodeKey,
  relationshipEdgeKey,
} from '../../domain/graph/keys';
import { DEFAULT_MAX_FAN_OUT } from '../../domain/graph/types';
import type { MemberActor, SystemActor } from '../../domain/actor';
import { awaitWorkflowResult, startWorkflow, WorkflowRunFailedError } from '../../infra/start-workflow';
import type { UsecaseDeps } from '../support/usecase-deps';

const EXPAND_DEADLINE_MS = 20_000;
const failures = graphExpansionWorkflowContract.failureTypes;

/**
 * Expanding a node of an analysis graph (docs/graph.md), asked by the API: the analysis and its
 * graph are checked here, the node itself inside the expansion under the row lock; the
 * expansion runs as a workflow (`graph-expansion-…`) so that identical simultaneous requests share one run.
 */
export async function requestGraphExpansion(
  deps: UsecaseDeps,
  actor: MemberActor,
  request: { analysisUuid: string; nodeKey: string; requested: readonly string[] },
): Promise<{ domains: ExpansionDomain[] }> {
  const { analysisUuid, nodeKey, requested } = request;
  if (!parseNodeKey(nodeKey)) throw new NotFoundError('graph node');
  const state = await findGraphState(deps.db, actor.company.id, analysisUuid);
  if (state === 'missing') throw new NotFoundError('analysis');
  if (state === 'not_ready') throw new ConflictError('the graph of this analysis is not ready yet');
  const domains = EXPANSION_DOMAINS.filter((d) => requested.includes(d));
  const input: GraphExpansionInput = { companyId: actor.company.id, companyUuid: actor.company.uuid, analysisUuid, nodeKey, domains };
  try {
    const started = await startWorkflow(deps.temporal, graphExpansionWorkflowContract, input, {
      idPolicy: 'share-running',
      executionTimeout: '60s',
    });
    const result = await awaitWorkflowResult(deps.temporal, started, EXPAND_DEADLINE_MS);
    return { domains: result.domains };
  } catch (error) {
    if (!(error instanceof WorkflowRunFailedError)) throw error;
    if (error.failureType === failures.notFound) throw new NotFoundError('graph node');
    if (error.failureType === failures.notReady) throw new ConflictError('the graph of this analysis is not ready yet');
    throw new WorkflowRunFailedError('graph expansion failed', error.failureType);
  }
}

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
