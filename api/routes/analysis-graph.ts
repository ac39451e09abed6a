import { createHash } from 'node:crypto';
import { InternalConnectionLike, InternalConnectionLikeSymbol, WorkflowFailedError as TemporalWorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure, defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { graphExpansionWorkflow } from '../../workflows/graph-expansion-workflow';
import { findAnalysisGraph, findGraphState } from '../../db/repositories/analysis-graph-repository';
import { ConflictError, DependencyUnavailableError, NotFoundError, WorkflowFailedError } from '../../domain/errors';
import { applyExpansions } from '../../domain/graph/expansion/apply-expansions';
import { EXPANSION_DOMAINS } from '../../domain/graph/expansion/expansion-domains';
import { parseNodeKey } from '../../domain/graph/keys';
import { taskQueues } from '../../domain/task-queues';
import { workflowIds } from '../../domain/workflow-ids';
import { defineRoute } from '../routing';
import { analysisGraphResponseSchema, AnalysisGraphResponse, expandBodySchema, expandParamsSchema, expandResponseSchema, graphParamsSchema } from '../schemas/graph-schemas';

const EXPAND_DEADLINE_MS = 20_000;
const searchAttributeKeys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  analysis: defineSearchAttributeKey('AnalysisUuid', SearchAttributeType.KEYWORD),
};
const notReadyBody: AnalysisGraphResponse = { graph: null, network_peps: [], signal_graph_index: [], ubo_findings: [], ubo_resolution: null };
const notFound = { description: 'no such analysis (or another company\'s), or no such node', schema: undefined };

/**
 * When this process runs a worker on the analyses queue over the client's connection, the server
 * hands it the expansion's first workflow task in the start response (no matching round trip).
 */
function supportsEagerStart(connection: unknown): boolean {
  return Boolean((connection as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart);
}

function failureType(error: unknown): string | undefined {
  for (let e: any = error; e; e = e.cause) if (e instanceof ApplicationFailure) return e.type ?? undefined;
  return undefined;
}

export const analysisGraphRoutes = [
  defineRoute({
    method: 'get',
    path: '/analyses/:analysis_uuid/graph',
    operationId: 'getAnalysisGraph',
    summary: 'The relationship graph of an analysis: nodes, edges, paths, network PEPs, beneficial owners',
    description: '`graph` is null until the analysis has built it. Expansions (POST …/expand) are included.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    params: graphParamsSchema,
    responses: { 200: { description: 'the graph (spec §2.7)', schema: analysisGraphResponseSchema }, 404: notFound },
    handler: async ({ params, auth, deps }) => {
      const row = await findAnalysisGraph(deps.db, auth.companyId, params.analysis_uuid);
      if (!row) throw new NotFoundError('analysis');
      return { status: 200, body: row.graph ? applyExpansions(row.graph, row.expansions) : notReadyBody };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/analyses/:analysis_uuid/graph/nodes/:node_id/expand',
    operationId: 'expandAnalysisGraphNode',
    summary: 'Expands a node of the analysis graph by relationship domains and persists the result',
    description: `node_id is a node key of the graph (\`entity:<id>\` or \`proceeding:<id>\`). Domains: ${EXPANSION_DOMAINS.join(', ')}. The response lists the domains applied to this node (media adds nothing; a proceeding expands by proceedings only).`,
    tags: ['analyses'],
    auth: { scope: 'analyses:write' },
    params: expandParamsSchema,
    body: expandBodySchema,
    responses: { 200: { description: 'the domains applied', schema: expandResponseSchema }, 404: notFound, 409: { description: 'the graph is not built yet' } },
    handler: async ({ params, body, auth, deps }) => {
      const node = parseNodeKey(params.node_id);
      if (!node) throw new NotFoundError('graph node');
      // The node itself is checked inside the expansion, under the row lock (one read of the graph).
      const state = await findGraphState(deps.db, auth.companyId, params.analysis_uuid);
      if (state === 'missing') throw new NotFoundError('analysis');
      if (state === 'not_ready') throw new ConflictError('the graph of this analysis is not ready yet');

      const domains = EXPANSION_DOMAINS.filter((d) => body.domains.includes(d));
      // Same node and domains → same workflow id: simultaneous identical requests share one run.
      const request = createHash('sha256').update(`${params.node_id}|${domains.join(',')}`).digest('hex').slice(0, 16);
      try {
        const result = await deps.temporal.withDeadline(Date.now() + EXPAND_DEADLINE_MS, () =>
          deps.temporal.workflow.execute<typeof graphExpansionWorkflow>('graphExpansionWorkflow', {
            taskQueue: taskQueues.analyses,
            workflowId: `${workflowIds.graphExpansion(params.analysis_uuid)}-${request}`,
            workflowIdConflictPolicy: 'USE_EXISTING',
            workflowIdReusePolicy: 'ALLOW_DUPLICATE',
            requestEagerStart: supportsEagerStart(deps.temporal.connection),
            workflowExecutionTimeout: '60s',
            args: [{ companyId: auth.companyId, analysisUuid: params.analysis_uuid, nodeKey: params.node_id, domains }],
            typedSearchAttributes: [
              { key: searchAttributeKeys.company, value: auth.companyUuid },
              { key: searchAttributeKeys.analysis, value: params.analysis_uuid },
            ],
          }),
        );
        return { status: 200, body: { domains: result.domains } };
      } catch (error) {
        if (!(error instanceof TemporalWorkflowFailedError)) throw error instanceof Error && /deadline/i.test(error.message) ? new DependencyUnavailableError('temporal') : error;
        const type = failureType(error);
        if (type === 'GraphTargetNotFound') throw new NotFoundError('graph node');
        if (type === 'GraphNotReady') throw new ConflictError('the graph of this analysis is not ready yet');
        throw new WorkflowFailedError('graph expansion failed');
      }
    },
  }),
];
