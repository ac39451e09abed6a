import { WorkflowNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { findAnalysis } from '../../../db/repositories/analyses/analysis-read-repository';
import { DependencyUnavailableError, NotFoundError } from '../../../domain/errors';
import { analysisQueries, type AnalysisStep } from '../../../contracts/analysis-workflow-contract';
import { withinDeadline } from '../../../infra/temporal-deadline';
import { defineRoute } from '../../edge/routing';
import { temporalUiLink } from '../../presenters/temporal-ui-link';
import { analysisUuidParamsSchema } from '../analyses/analysis-schemas';

const workflowStatusSchema = z
  .object({
    analysis_uuid: z.uuid(),
    workflow_id: z.string(),
    run_id: z.string(),
    workflow_type: z.string(),
    task_queue: z.string(),
    status: z.string(),
    history_length: z.int(),
    start_time: z.string(),
    close_time: z.string().nullable(),
    current_step: z.string().nullable(),
    pending_activities: z.array(
      z.object({
        activity_type: z.string().nullable(),
        state: z.string().nullable(),
        attempt: z.int(),
        last_failure: z.string().nullable(),
      }),
    ),
    memo: z.record(z.string(), z.unknown()),
    temporal_ui_url: z.string().optional().describe('only when TEMPORAL_UI_PUBLIC_URL is configured'),
  })
  .meta({
    id: 'AnalysisWorkflow',
    examples: [
      {
        analysis_uuid: '3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12',
        workflow_id: 'analysis-3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12',
        run_id: '0195c0de-7a1b-7c2d-8e3f-405162738495',
        workflow_type: 'analysisWorkflow',
        task_queue: 'analyses',
        status: 'COMPLETED',
        history_length: 11,
        start_time: '2026-11-23T10:00:00.000Z',
        close_time: '2026-11-23T10:00:00.480Z',
        current_step: 'completed',
        pending_activities: [],
        memo: { mode: 'async' },
        temporal_ui_url: 'http://127.0.0.1:8233/namespaces/default/workflows/analysis-3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12',
      },
    ],
  });

const stateNames: Record<number, string> = { 1: 'scheduled', 2: 'started', 3: 'cancel_requested', 4: 'paused', 5: 'pause_requested' };

export const workflowStatusRoutes = [
  defineRoute({
    method: 'get',
    path: '/workflows/analyses/:analysis_uuid',
    operationId: 'getAnalysisWorkflow',
    summary: 'What Temporal reports about the workflow of an analysis: status, history length, pending activities, current step',
    description:
      'The Temporal workflow execution behind an analysis: status, current step, pending activities with their attempts and last failure, and a link to the Temporal UI.',
    tags: ['workflows'],
    auth: { scope: 'analyses:read' },
    temporal: true,
    params: analysisUuidParamsSchema,
    responses: {
      200: { description: 'the workflow execution', schema: workflowStatusSchema },
      404: { description: 'no such analysis for this company' },
      502: { description: 'Temporal temporarily unavailable' },
    },
    handler: async ({ params, auth, deps }) => {
      // Tenancy first: the company must own the analysis before Temporal is asked anything.
      const analysis = await findAnalysis(deps.db, auth.companyId, params.analysis_uuid);
      if (!analysis) throw new NotFoundError('analysis');
      const handle = deps.temporal.workflow.getHandle(analysis.workflow_id);
      let description;
      try {
        description = await withinDeadline(deps.temporal, () => handle.describe());
      } catch (error) {
        if (error instanceof WorkflowNotFoundError) throw new NotFoundError('analysis workflow');
        throw new DependencyUnavailableError('temporal');
      }
      const running = description.status.name === 'RUNNING';
      // A running workflow answers the query; a closed one's last step is in Postgres already.
      const currentStep: AnalysisStep | string | null = running
        ? await withinDeadline(deps.temporal, () => handle.query<AnalysisStep>(analysisQueries.currentStep)).catch(() => null)
        : analysis.current_step;
      const pending = (description.raw.pendingActivities ?? []).map((a) => ({
        activity_type: a.activityType?.name ?? null,
        state: a.state ? (stateNames[a.state] ?? String(a.state)) : null,
        attempt: a.attempt ?? 0,
        last_failure: a.lastFailure?.message ?? null,
      }));
      const link = temporalUiLink(deps.config, description.workflowId, description.runId);
      return {
        status: 200,
        body: {
          analysis_uuid: analysis.uuid,
          workflow_id: description.workflowId,
          run_id: description.runId,
          workflow_type: description.type,
          task_queue: description.taskQueue,
          status: description.status.name,
          history_length: description.historyLength,
          start_time: description.startTime.toISOString(),
          close_time: description.closeTime ? description.closeTime.toISOString() : null,
          current_step: currentStep,
          pending_activities: pending,
          memo: description.memo ?? {},
          ...(link ? { temporal_ui_url: link } : {}),
        },
      };
    },
  }),
];
