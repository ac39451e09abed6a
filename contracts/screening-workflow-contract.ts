import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/** One adverse-media screening (public path /adverse-media): the row holds everything else. */
export type ScreeningWorkflowInput = {
  screeningUuid: string;
  companyUuid: string;
  entityId: number;
  /** Tests only (TEST_WORKFLOW_STEP_DELAY_MS under NODE_ENV=test): a durable wait before screening, so a test can cancel a run in flight. */
  testStepDelayMs?: number;
};
export type ScreeningWorkflowResult = { status: 'completed' | 'failed'; hitCount: number | null };

/** What the workflow needs to announce the end of a screening (small: ids and counts, no hits). */
export type ScreeningOutcome = {
  companyId: number;
  status: 'completed' | 'failed';
  webhookEndpointUuid: string | null;
  /** Whether any endpoint would receive the event now (the explicit one or a subscriber). */
  hasWebhookTargets: boolean;
  eventData: Record<string, unknown>;
};

export const screeningWorkflowContract = defineWorkflowContract<ScreeningWorkflowInput, ScreeningWorkflowResult, 'notFound'>({
  kind: 'screening',
  workflowType: 'screeningWorkflow',
  taskQueue: taskQueues.screenings,
  workflowId: (input) => `screening-${input.screeningUuid}`,
  priority: 'normal',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.screeningUuid },
    { key: searchAttributeKeys.entityId, value: input.entityId },
  ],
  failureTypes: { notFound: 'ScreeningNotFound' },
});
