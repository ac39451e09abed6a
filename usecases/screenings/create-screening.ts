import { randomUUID } from 'node:crypto';
import { testStepDelayOf } from '../../config/config';
import { screeningWorkflowContract } from '../../contracts/screening-workflow-contract';
import { deleteScreening, insertScreening } from '../../db/repositories/screening-repository';
import type { AuthContext } from '../../domain/tenancy';
import { startWorkflow } from '../../infra/start-workflow';
import { assertWebhookEndpointOwned, resolveSubject } from '../subjects/resolve-subject';
import { withQuota } from '../tenancy/reserve-quota';
import type { UsecaseDeps } from '../usecase-deps';

export type CreateScreeningRequest = {
  document?: string | null;
  entity_id?: number | null;
  client_reference?: string | null;
  include_related: boolean;
  webhook_endpoint_uuid?: string | null;
};

/**
 * Creating an adverse-media screening (public path /adverse-media): resolve the subject, take
 * one unit of the `adverse_media` quota, persist the queued screening and start its workflow.
 * Nothing may stay queued that no workflow will ever process: a failed start removes the row
 * and gives the unit back.
 */
export async function createScreening(deps: UsecaseDeps, auth: AuthContext, request: CreateScreeningRequest): Promise<{ uuid: string; status: 'queued' }> {
  const entityId = await resolveSubject(deps.db, request);
  if (request.webhook_endpoint_uuid) await assertWebhookEndpointOwned(deps.db, auth.companyId, request.webhook_endpoint_uuid);
  return withQuota(deps.db, auth, 'adverse_media', deps.logger, async () => {
    const uuid = randomUUID();
    await insertScreening(deps.db, {
      uuid,
      companyId: auth.companyId,
      entityId,
      clientReference: request.client_reference ?? null,
      webhookEndpointUuid: request.webhook_endpoint_uuid?.toLowerCase() ?? null,
      includeRelated: request.include_related,
      asOf: new Date(),
    });
    try {
      const input = { screeningUuid: uuid, companyUuid: auth.companyUuid, entityId, ...testStepDelayOf(deps.config) };
      await startWorkflow(deps.temporal, screeningWorkflowContract, input);
    } catch (error) {
      await deleteScreening(deps.db, uuid).catch(() => undefined);
      throw error;
    }
    return { uuid, status: 'queued' as const };
  });
}
