import { z } from 'zod';
import { analysisQueries } from '../../../contracts/analysis-workflow-contract';
import { workflowTypesOfKind } from '../../../contracts/workflow-catalog';
import { NotFoundError } from '../../../domain/errors';
import { findResourceSteps } from '../../../db/repositories/workflows/workflow-resource-repository';
import { type RecoveryProgress, recoveryQueries } from '../../../contracts/webhook-recovery-workflow-contract';
import { describeCompanyWorkflowRun, listWorkflowRuns, queryWorkflowRun, readRunHistory } from '../../../infra/workflow-runs';
import { decodeCursor, encodeCursor, queryBinding } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import {
  type ListWorkflowsQuery,
  listWorkflowsQuery,
  workflowDetailSchema,
  workflowIdParams,
  workflowPageSchema,
} from './workflow-schemas';
import { publicFailure } from '../../presenters/workflow-failure';
import { temporalUiLink } from '../../presenters/temporal-ui-link';
import { presentRun, recoveryStep, resourceOfRun } from '../../presenters/workflow-run-presenter';

const tags = ['workflows'];
const unavailable = { 502: { description: 'Temporal temporarily unavailable' } };

/** The operator surface of a customer (docs/workflows.md: what is running for my company, and why did it stop). */
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
      const page = await listWorkflowRuns(
        deps.temporal,
        {
          companyUuid: auth.companyUuid,
          workflowTypes: filters.kind ? workflowTypesOfKind(filters.kind) : undefined,
          status: filters.status,
          resourceUuid: filters.resource_uuid,
          startedFrom: filters.started_from,
          startedTo: filters.started_to,
        },
        { pageSize: limit, pageToken: token === undefined ? null : Buffer.from(token, 'base64') },
      );
      const steps = await findResourceSteps(deps.db, auth.companyId, page.runs.map(resourceOfRun));
      const next =
        page.nextPageToken && page.runs.length > 0 ? encodeCursor(Buffer.from(page.nextPageToken).toString('base64'), binding) : null;
      return { status: 200, body: { items: page.runs.map((run) => presentRun(run, steps)), next_cursor: next } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/workflows/:workflow_id',
    operationId: 'getWorkflow',
    summary: 'One run: its status, attempts, public failure and step history (names and times, no payloads)',
    description:
      "A run of the caller's company, by business id: status, the activity attempts (a delivery: its attempts), the failure as customers may read it (`WebhookDeliveryFailed` verbatim, others as a public sentence) and the steps with their times. A running analysis answers its current step; a webhook recover how many events it retried and skipped.",
    tags,
    auth: { scope: 'workflows:read' },
    temporal: true,
    params: workflowIdParams,
    responses: {
      200: { description: 'the run', schema: workflowDetailSchema },
      404: { description: "no such workflow for this company (another company's is the same 404)" },
      ...unavailable,
    },
    handler: async ({ params, auth, deps }) => {
      const run = await describeCompanyWorkflowRun(deps.temporal, auth.companyUuid, params.workflow_id);
      if (!run) throw new NotFoundError('workflow');
      const item = presentRun(run, await findResourceSteps(deps.db, auth.companyId, [resourceOfRun(run)]));
      if (run.status === 'running' && item.kind === 'analysis')
        item.current_step = (await queryWorkflowRun<string>(deps.temporal, run, analysisQueries.currentStep)) ?? item.current_step;
      // A recover's progress lives in its run (a closed run answers the query from its history).
      if (item.kind === 'webhook_recovery')
        item.current_step = recoveryStep(await queryWorkflowRun<RecoveryProgress>(deps.temporal, run, recoveryQueries.recoveryProgress));
      const history = await readRunHistory(deps.temporal, run);
      const link = temporalUiLink(deps.config, run.workflowId, run.runId);
      return {
        status: 200,
        body: {
          ...item,
          attempts: history.attempts,
          failure: publicFailure(run.status, history.failure),
          steps: history.steps,
          ...(link ? { temporal_ui_url: link } : {}),
        },
      };
    },
  }),
];
