import { type GraphExpansionInput, graphExpansionWorkflowContract } from '../../contracts/graph-expansion-workflow-contract';
import { findGraphState } from '../../db/repositories/analyses/analysis-graph-repository';
import type { MemberActor } from '../../domain/actor';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { EXPANSION_DOMAINS, type ExpansionDomain } from '../../domain/graph/expansion/expansion-domains';
import { parseNodeKey } from '../../domain/graph/keys';
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
  input: { analysisUuid: string; nodeKey: string; requested: readonly string[] },
): Promise<{ domains: ExpansionDomain[] }> {
  const { analysisUuid, nodeKey, requested } = input;
  if (!parseNodeKey(nodeKey)) throw new NotFoundError('graph node');
  const state = await findGraphState(deps.db, actor.company.id, analysisUuid);
  if (state === 'missing') throw new NotFoundError('analysis');
  if (state === 'not_ready') throw new ConflictError('the graph of this analysis is not ready yet');
  const domains = EXPANSION_DOMAINS.filter((d) => requested.includes(d));
  const workflowInput: GraphExpansionInput = {
    companyId: actor.company.id,
    companyUuid: actor.company.uuid,
    analysisUuid,
    nodeKey,
    domains,
  };
  try {
    const started = await startWorkflow(deps.temporal, graphExpansionWorkflowContract, workflowInput, {
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
