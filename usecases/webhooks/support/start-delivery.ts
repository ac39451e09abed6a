import type { Client } from '@temporalio/client';
import { type WebhookDeliveryInput, webhookDeliveryWorkflowContract } from '../../../contracts/webhook-delivery-workflow-contract';
import { startWorkflow } from '../../../infra/start-workflow';

export type DeliveryPriority = NonNullable<WebhookDeliveryInput['priorityClass']>;
export type DeliveryRun = {
  uuid: string;
  run: number;
  firstAttemptNumber: number;
  type: string;
  endpointUuid: string;
  companyUuid: string;
  priorityClass: DeliveryPriority;
};

/**
 * Starts the delivery workflow of one run of an event. Already started (a replay of the same
 * publication or retry) is success: the id is the business id, Temporal keeps it unique.
 */
export async function startDelivery(temporal: Client, event: DeliveryRun): Promise<void> {
  await startWorkflow(temporal, webhookDeliveryWorkflowContract, {
    eventUuid: event.uuid,
    run: event.run,
    firstAttemptNumber: event.firstAttemptNumber,
    companyUuid: event.companyUuid,
    eventType: event.type,
    endpointUuid: event.endpointUuid,
    priorityClass: event.priorityClass,
  });
}
