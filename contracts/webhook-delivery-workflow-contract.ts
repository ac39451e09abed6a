import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import type { PriorityClass } from './work-priority';
import { defineWorkflowContract } from './workflow-contract';

/** One delivery run of one webhook event to one endpoint (a retry of a failed event is a new run). */
export type WebhookDeliveryInput = {
  eventUuid: string;
  run: number;
  firstAttemptNumber: number;
  companyUuid: string;
  eventType: string;
  endpointUuid: string;
  /**
   * Who asked for this run: `interactive` for a test event or the retry of one event (a person
   * waits), `bulk` for the fan-out of a publication and bulk redelivery. Absent in runs started
   * before priorities existed: bulk.
   */
  priorityClass?: Extract<PriorityClass, 'interactive' | 'bulk'>;
};

export type DeliveryStatus = 'succeeded' | 'failed' | 'canceled' | 'delivering' | 'superseded';
/** What the `deliveryState` query answers. */
/** One attempt of a delivery run: the activity `attemptWebhookDelivery`'s input. */
export type AttemptInput = { eventUuid: string; run: number; attemptNumber: number; attemptInRun: number };
/** `lastStatusCode`: the HTTP status of this attempt when it failed the event (null: none, or unknown on a replay). */
export type AttemptOutcome = { done: boolean; status: DeliveryStatus; delayMs: number | null; lastStatusCode?: number | null };

/**
 * A publication (the activity `publishWebhookEvent`, called by the analysis and screening
 * workflows): one event per target endpoint, idempotent on `idempotencyKey`.
 */
export type PublishInput = {
  companyId: number;
  type: string;
  data: Record<string, unknown>;
  explicitEndpointUuid?: string | null;
  idempotencyKey: string;
};

export type DeliveryState = { attemptNumber: number; status: DeliveryStatus | 'pending'; waitingMs: number | null };

export const deliveryQueries = { deliveryState: 'deliveryState' } as const;
/** Operators skip the current wait from the Temporal UI or CLI (docs/webhooks.md). */
export const deliverySignals = { retryNow: 'retryNow' } as const;

/** `delivery-<event uuid>` for the first run, `delivery-<event uuid>-retry-<n>` for each redelivery. */
export function deliveryWorkflowId(eventUuid: string, run = 0): string {
  return run === 0 ? `delivery-${eventUuid}` : `delivery-${eventUuid}-retry-${run}`;
}

export const webhookDeliveryWorkflowContract = defineWorkflowContract<
  WebhookDeliveryInput,
  DeliveryStatus,
  'eventNotFound' | 'eventNotVisible' | 'deliveryFailed'
>({
  kind: 'webhook_delivery',
  workflowType: 'webhookDeliveryWorkflow',
  taskQueue: taskQueues.webhooks,
  workflowId: (input) => deliveryWorkflowId(input.eventUuid, input.run),
  priority: (input) => input.priorityClass ?? 'bulk',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.eventUuid },
    { key: searchAttributeKeys.webhookEventType, value: input.eventType },
    { key: searchAttributeKeys.webhookEndpointUuid, value: input.endpointUuid },
  ],
  failureTypes: {
    /** The event is gone (or its publication rolled back): nothing to deliver. */
    eventNotFound: 'WebhookEventNotFound',
    /** The publishing transaction has not committed yet: retried for a while. */
    eventNotVisible: 'WebhookEventNotVisible',
    /** The schedule is spent (or the endpoint refused): the event is `failed`; the workflow fails with the last status code. */
    deliveryFailed: 'WebhookDeliveryFailed',
  },
});
