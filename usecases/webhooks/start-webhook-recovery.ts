import type { UsecaseDeps } from '../support/usecase-deps';
import { findWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { countFailedEvents } from '../../db/repositories/webhooks/webhook-event-transition-repository';
import { webhookRecoveryWorkflowContract } from '../../contracts/webhook-recovery-workflow-contract';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type Actor, companyIdActedOn } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import { companyUuidOf } from './support/company-uuid-of';
import { requireWebhooksFeature } from './support/require-webhooks-feature';

export type RecoveryStarted = { endpoint_uuid: string; since: string; failed_count: number; workflow_id: string };

/**
 * POST /webhooks/endpoints/{uuid}/recover (Svix's recover): answers at once with the number of
 * failed events found and the workflow that retries them (docs/webhooks.md, "Recover"). The
 * request only checks and starts; the workflow retries page by page. The same request again while
 * that recover runs joins it, so a client's retry never recovers twice. An operator's bulk retry
 * (`ops deliveries retry --all-failed`) starts one per endpoint, naming its company.
 */
export async function startWebhookRecovery(
  deps: Pick<UsecaseDeps, 'db' | 'temporal'>,
  actor: Actor,
  input: { endpointUuid: string; since: Date; companyId?: number },
): Promise<RecoveryStarted> {
  if (actor.type === 'api_key') requireWebhooksFeature(actor);
  const companyId = companyIdActedOn(actor, input.companyId);
  const endpoint = await findWebhookEndpoint(deps.db, companyId, input.endpointUuid);
  if (!endpoint) throw new NotFoundError('webhook endpoint');
  if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it before recovering`);
  const failedCount = await countFailedEvents(deps.db, endpoint.id, input.since);
  const since = input.since.toISOString();
  const companyUuid = actor.type === 'api_key' ? actor.company.uuid : await companyUuidOf(deps.db, companyId);
  const started = await startWorkflow(
    deps.temporal,
    webhookRecoveryWorkflowContract,
    { companyUuid, endpointUuid: endpoint.uuid, since },
    { idPolicy: 'share-running' },
  );
  return { endpoint_uuid: endpoint.uuid, since, failed_count: failedCount, workflow_id: started.workflowId };
}
