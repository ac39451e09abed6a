import { z } from 'zod';
import { analysisQueries } from '../../contracts/analysis-workflow-contract';
import { kindOfWorkflowType, workflowTypesOfKind } from '../../contracts/workflow-catalog';
import { findResourceSteps } from '../../db/repositories/workflow-resource-repository';
import { NotFoundError } from '../../domain/errors';
import { describeCompanyWorkflowRun, listWorkflowRuns, queryWorkflowRun, readRunHistory, type WorkflowRun } from '../../infra/workflow-runs';
import { cancelWorkflow } from '../../usecases/workflows/cancel-workflow';
import type { AppDeps } from '../app-deps';
import { decodeCursor, encodeCursor, queryBinding } from '../pagination';
import { defineRoute } from '../routing';
import { type ListWorkflowsQuery, listWorkflowsQuery, workflowCancellationSchema, workflowDetailSchema, workflowIdParams, type WorkflowItem, workflowPageSchema } from '../schemas/workflow-schemas';
import { publicFailure } from '../workflow-failure';
import { temporalUiLink } from '../temporal-ui-link';

const tags = ['workflows'];
const unavailable = { 502: { description: 'Temporal temporarily unavailable' } };

function presentRun(run: WorkflowRun, steps: Map<string, string>): WorkflowItem {
  const kind = kindOfWorkflowType(run.workflowType) ?? null;
  return { workflow_id: run.workflowId, kind, resource_uuid: run.resourceUuid, status: run.status, started_at: run.startedAt, closed_at: run.closedAt, current_step: steps.get(`${kind}:${run.resourceUuid}`) ?? null };
}

async function stepsOf(deps: AppDeps, companyId: number, runs: WorkflowRun[]) {
  return findResourceSteps(deps.db, companyId, runs.map((r) => ({ kind: kindOfWorkflowType(r.workflowType) ?? null, uuid: r.resourceUuid })));
}

/** The operator surface of a customer (DESIGN: what is running for my company, and why did it fail). */
export const workflowRoutes = [
  defineRoute({
    method: 'get',
    path: '/workflows',
    operationId: 'listWorkflows',
    summary: "The company's workflow runs, from Temporal's visibility, filtered",
    description:
      'Filters: kind, status, resource_uuid, started_from ≤ start < started_to. Scoped to the caller by the CompanyUuid search attribute. ' +
      "Order: Temporal's (running first, then most recently closed). Visibility is eventually consistent: a run started a moment ago may show a moment later.",
    tags,
    auth: { scope: 'workflows:read' },
    temporal: true,
    query: listWorkflowsQuery,
    responses: { 200: { description: 'a page of runs', schema: workflowPageSchema }, ...unavailable },
    handler: async ({ query, auth, deps }) => {
      const { cursor, limit, ...filters } = query as ListWorkflowsQuery;
      const binding = queryBinding(filters);
      const token = decodeCursor(cursor, z.string().max(4000), binding);
      const page = await listWorkflowRuns(deps.temporal, {
        companyUuid: auth.companyUuid,
        workflowTypes: filters.kind ? workflowTypesOfKind(filters.kind) : undefined,
        status: filters.status,
        resourceUuid: filters.resource_uuid,
        startedFrom: filters.started_from,
        startedTo: filters.started_to,
      }, { pageSize: limit, pageToken: token === undefined ? null : Buffer.from(token, 'base64') });
      const steps = await stepsOf(deps, auth.companyId, page.runs);
      const next = page.nextPageToken && page.runs.length > 0 ? encodeCursor(Buffer.from(page.nextPageToken).toString('base64'), binding) : null;
      return { status: 200, body: { items: page.runs.map((run) => presentRun(run, steps)), next_cursor: next } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/workflows/:workflow_id',
    operationId: 'getWorkflow',
    summary: 'One run: its status, attempts, public failure and step history (names and times, no payloads)',
    description: 'A run of the caller\'s company, by business id: status, the activity attempts (a delivery: its attempts), the failure as customers may read it (`WebhookDeliveryFailed` verbatim, others as a public sentence) and the steps with their times. A running analysis answers its current step.',
    tags,
    auth: { scope: 'workflows:read' },
    temporal: true,
    params: workflowIdParams,
    responses: { 200: { description: 'the run', schema: workflowDetailSchema }, 404: { description: "no such workflow for this company (another company's is the same 404)" }, ...unavailable },
    handler: async ({ params, auth, deps }) => {
      const run = await describeCompanyWorkflowRun(deps.temporal, auth.companyUuid, params.workflow_id);
      if (!run) throw new NotFoundError('workflow');
      const item = presentRun(run, await stepsOf(deps, auth.companyId, [run]));
      if (run.status === 'running' && item.kind === 'analysis') item.current_step = (await queryWorkflowRun<string>(deps.temporal, run, analysisQueries.currentStep)) ?? item.current_step;
      const history = await readRunHistory(deps.temporal, run);
      const link = temporalUiLink(deps.config, run.workflowId, run.runId);
      return { status: 200, body: { ...item, attempts: history.attempts, failure: publicFailure(run.status, history.failure), steps: history.steps, ...(link ? { temporal_ui_url: link } : {}) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/workflows/:workflow_id/cancel',
    operationId: 'cancelWorkflow',
    summary: 'Cancel a running async analysis, screening, report generation or pending delivery',
    description: 'Graceful: the resource ends canceled, nothing half-written stays, the quota is given back. Terminate and signals stay with operators (Temporal UI, ops CLI).',
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
    handler: async ({ params, auth, deps }) => ({ status: 202, body: await cancelWorkflow(deps, auth, params.workflow_id) }),
  }),
];
