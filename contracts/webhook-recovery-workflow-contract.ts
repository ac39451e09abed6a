import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/**
 * One recover of an endpoint (POST /webhooks/endpoints/{uuid}/recover): every event of the
 * endpoint that is `failed` and was created at or after `since` gets a new delivery run, oldest
 * first, a page at a time (docs/webhooks.md, "Recover").
 */
export type WebhookRecoveryInput = { companyUuid: string; endpointUuid: string; since: string };

/** Where the next page starts: after this event (oldest first); null for the first page. */
export type RecoveryCursor = { id: number } | null;

/** One page: the activity `recoverFailedEventsPage`'s input. */
export type RecoveryPageInput = WebhookRecoveryInput & { after: RecoveryCursor };

/** `skipped`: events that changed meanwhile (retried by someone else), with the reason. */
export type RecoveryPageOutcome = { retried: number; skipped: { uuid: string; reason: string }[]; next: RecoveryCursor };

/** What a page has done so far: its activity's heartbeat details, so that a retried attempt carries on counting. */
export type RecoveryPageProgress = Pick<RecoveryPageOutcome, 'retried' | 'skipped'>;

/** What the `recoveryProgress` query answers, and the workflow's result. `skipped` keeps the first few reasons. */
export type RecoveryProgress = { retried: number; skippedCount: number; skipped: { uuid: string; reason: string }[]; done: boolean };

export const recoveryQueries = { recoveryProgress: 'recoveryProgress' } as const;

/** How many skip reasons a run keeps: the rest are counted. */
export const RECOVERY_SKIPS_KEPT = 50;

/**
 * `webhook-recovery-<endpoint>-<since in ms>`: a repeated request while a recover of the same
 * endpoint and `since` runs joins it; once it has closed the same request starts a new one, which
 * finds what failed since (started with `idPolicy: 'share-running'`).
 */
export function webhookRecoveryWorkflowId(input: Pick<WebhookRecoveryInput, 'endpointUuid' | 'since'>): string {
  return `webhook-recovery-${input.endpointUuid}-${Date.parse(input.since)}`;
}

export const webhookRecoveryWorkflowContract = defineWorkflowContract<WebhookRecoveryInput, RecoveryProgress, 'endpointNotActive'>({
  kind: 'webhook_recovery',
  workflowType: 'webhookRecoveryWorkflow',
  taskQueue: taskQueues.webhooks,
  workflowId: webhookRecoveryWorkflowId,
  // Many deliveries at once: behind any company's interactive work (docs/webhooks.md).
  priority: 'bulk',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.endpointUuid },
    { key: searchAttributeKeys.webhookEndpointUuid, value: input.endpointUuid },
  ],
  failureTypes: {
    /** The endpoint was paused or disabled before the recover got to it: nothing more is sent. */
    endpointNotActive: 'WebhookEndpointNotActive',
  },
});
