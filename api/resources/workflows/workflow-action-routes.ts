import { cancelWorkflow } from '../../../usecases/workflows/cancel-workflow';
import { defineRoute } from '../../edge/routing';
import { workflowCancellationSchema, workflowIdParams } from './workflow-schemas';

const tags = ['workflows'];
const unavailable = { 502: { description: 'Temporal temporarily unavailable' } };

/** What a customer may do to a run of its company: cancel it (terminate and signals stay with operators). */
export const workflowActionRoutes = [
  defineRoute({
    method: 'post',
    path: '/workflows/:workflow_id/cancel',
    operationId: 'cancelWorkflow',
    summary: 'Cancel a running async analysis, screening, report generation or pending delivery',
    description:
      'Graceful: the resource ends canceled, nothing half-written stays, the quota is given back. Terminate and signals stay with operators (Temporal UI, ops CLI).',
    tags,
    auth: { scope: 'workflows:write' },
    temporal: true,
    params: workflowIdParams,
    responses: {
      202: { description: 'cancellation requested', schema: workflowCancellationSchema },
      404: { description: "no such workflow for this company (another company's is the same 404)" },
      409: { description: 'the run is not running, or its kind cannot be canceled (a sync analysis, a graph expansion)' },
      ...unavailable,
    },
    handler: async ({ params, actor, deps }) => ({
      status: 202,
      body: await cancelWorkflow(deps, actor, { workflowId: params.workflow_id }),
    }),
  }),
];
