import { z } from 'zod';
import { workflowKinds } from '../../../contracts/workflow-catalog';
import { workflowRunStatuses } from '../../../infra/visibility-query';
import { instantFilter } from '../../edge/list-filters';
import { limitSchema } from '../../edge/pagination';
import { cursorParameter } from '../../edge/request-fields';
import * as examples from './workflow-examples';

/** GET /workflows, GET /workflows/{workflow_id}, POST /workflows/{workflow_id}/cancel (docs/workflows.md). */
const workflowKindSchema = z.enum(workflowKinds).meta({ id: 'WorkflowKind', description: 'what the run does: the resource it works for' });
const workflowRunStatusSchema = z.enum(workflowRunStatuses).meta({ id: 'WorkflowRunStatus' });

export const listWorkflowsQuery = z
  .strictObject({
    kind: workflowKindSchema.optional().describe('only runs of this kind'),
    status: workflowRunStatusSchema.optional().describe('only runs in this execution status'),
    resource_uuid: z
      .uuid()
      .transform((v) => v.toLowerCase())
      .optional()
      .describe('only runs working for this resource (an analysis, screening, report or webhook event uuid)'),
    started_from: instantFilter.describe('only runs started at or after this instant (ISO 8601 with offset, or a date)'),
    started_to: instantFilter.describe('only runs started before this instant (ISO 8601 with offset, or a date)'),
    cursor: cursorParameter(4096).optional().describe('the `next_cursor` of the previous page, with the same filters'),
    limit: limitSchema,
  })
  .superRefine((query, ctx) => {
    if (query.started_from && query.started_to && query.started_from >= query.started_to)
      ctx.addIssue({
        code: 'custom',
        path: ['started_to'],
        message: 'started_to must be after started_from',
        params: { type: 'range_invalid' },
      });
  });
export type ListWorkflowsQuery = z.infer<typeof listWorkflowsQuery>;

/** Business ids: `analysis-<uuid>`, `delivery-<uuid>-retry-<n>`, `graph-expansion-<uuid>-entity:7-pep`… */
export const workflowIdParams = z.strictObject({
  workflow_id: z
    .string()
    .regex(/^[A-Za-z0-9._:+-]{1,255}$/, 'not a workflow id of this service')
    .describe('the business id of the run, e.g. `analysis-<uuid>` or `delivery-<event uuid>`'),
});

const workflowItemSchema = z.object({
  workflow_id: z.string(),
  kind: workflowKindSchema.nullable(),
  resource_uuid: z.string().nullable(),
  status: workflowRunStatusSchema,
  started_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  current_step: z
    .string()
    .nullable()
    .describe('a running analysis answers its currentStep query in the detail; otherwise what the resource row records'),
});
export type WorkflowItem = z.infer<typeof workflowItemSchema>;
export const workflowPageSchema = z
  .object({
    items: z.array(workflowItemSchema),
    next_cursor: z.string().nullable().describe('the cursor of the next page; null on the last'),
  })
  .meta({ id: 'WorkflowRunPage', examples: [examples.workflowPageExample] });

const stepSchema = z.object({
  name: z.string(),
  kind: z.enum(['activity', 'local_activity', 'timer', 'cancel_requested']),
  status: z.enum(['running', 'completed', 'failed', 'timed_out', 'canceled']),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  attempt: z.int().nullable(),
});

export const workflowDetailSchema = workflowItemSchema
  .extend({
    attempts: z.int().describe('activity attempts of the run, retries included (a delivery: its attempts)'),
    failure: z.object({ type: z.string(), message: z.string() }).nullable().describe('public text only'),
    steps: z.array(stepSchema).describe('names and times, no payloads'),
    temporal_ui_url: z.string().optional().describe('only when TEMPORAL_UI_PUBLIC_URL is configured'),
  })
  .meta({ id: 'WorkflowRun', examples: [examples.workflowDetailExample] });

export const workflowCancellationSchema = z
  .object({
    workflow_id: z.string(),
    kind: workflowKindSchema,
    resource_uuid: z.string().nullable(),
    status: z.literal('cancel_requested'),
  })
  .meta({ id: 'WorkflowCancellation', examples: [examples.workflowCancellationExample] });
