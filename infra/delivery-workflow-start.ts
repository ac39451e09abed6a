import { InternalConnectionLikeSymbol } from '@temporalio/client';
import type { Client, InternalConnectionLike } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType, WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { taskQueues } from '../domain/task-queues';
import { workflowIds } from '../domain/workflow-ids';
import type { WebhookDeliveryInput } from '../workflows/webhook-delivery-workflow';

const keys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  type: defineSearchAttributeKey('WebhookEventType', SearchAttributeType.KEYWORD),
  endpoint: defineSearchAttributeKey('WebhookEndpointUuid', SearchAttributeType.KEYWORD),
};

/**
 * In the worker process the client shares the webhooks worker's NativeConnection: the server
 * then hands the first workflow task back in the start response (eager start), skipping task
 * matching. Anywhere else (api, ops CLI, a plain Connection) the start is an ordinary one.
 */
function supportsEagerStart(temporal: Client): boolean {
  return Boolean((temporal.connection as unknown as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart);
}

/**
 * Starts the delivery workflow of one run of an event. Already started (a replay of the same
 * publication or retry) is success: the id is the business id, Temporal keeps it unique.
 */
export async function startDeliveryWorkflow(temporal: Client, event: { uuid: string; run: number; firstAttemptNumber: number; type: string; endpointUuid: string; companyUuid: string }): Promise<void> {
  const input: WebhookDeliveryInput = { eventUuid: event.uuid, run: event.run, firstAttemptNumber: event.firstAttemptNumber };
  try {
    await temporal.workflow.start('webhookDeliveryWorkflow', {
      taskQueue: taskQueues.webhooks,
      workflowId: workflowIds.delivery(event.uuid, event.run),
      args: [input],
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      requestEagerStart: supportsEagerStart(temporal),
      typedSearchAttributes: [
        { key: keys.company, value: event.companyUuid },
        { key: keys.type, value: event.type },
        { key: keys.endpoint, value: event.endpointUuid },
      ],
    });
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
  }
}
