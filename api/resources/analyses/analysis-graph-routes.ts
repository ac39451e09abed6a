import { findAnalysisGraph } from '../../../db/repositories/analyses/analysis-graph-repository';
import { NotFoundError } from '../../../domain/errors';
import { applyExpansions } from '../../../domain/graph/expansion/apply-expansions';
import { EXPANSION_DOMAINS } from '../../../domain/graph/expansion/expansion-domains';
import { requestGraphExpansion } from '../../../usecases/graph/request-graph-expansion';
import { defineRoute } from '../../edge/routing';
import {
  analysisGraphResponseSchema,
  AnalysisGraphResponse,
  expandBodySchema,
  expandParamsSchema,
  expandResponseSchema,
  graphParamsSchema,
} from './analysis-graph-schemas';

const notReadyBody: AnalysisGraphResponse = {
  graph: null,
  network_peps: [],
  signal_graph_index: [],
  ubo_findings: [],
  ubo_resolution: null,
};
const notFound = { description: "no such analysis (or another company's), or no such node", schema: undefined };

/**
 * When this process runs a worker on the analyses queue over the client's connection, the server
 * hands it the expansion's first workflow task in the start response (no matching round trip).
 */
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
    // Built graphs change only by an expansion, which changes the tag.
    etag: (body) => body.graph !== null,
    responses: { 200: { description: 'the graph (docs/graph.md)', schema: analysisGraphResponseSchema }, 404: notFound },
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
    temporal: true,
    params: expandParamsSchema,
    body: expandBodySchema,
    responses: {
      200: { description: 'the domains applied', schema: expandResponseSchema },
      404: notFound,
      409: { description: 'the graph is not built yet' },
    },
    handler: async ({ params, body, actor, deps }) => ({
      status: 200,
      body: await requestGraphExpansion(deps, actor, {
        analysisUuid: params.analysis_uuid,
        nodeKey: params.node_id,
        requested: body.domains,
      }),
    }),
  }),
];
