import { randomUUID } from 'node:crypto';
import { testStepDelayOf } from '../../config/config';
import { screeningWorkflowContract } from '../../contracts/screening-workflow-contract';
import { fenceNewScreening } from '../../db/repositories/screenings/screening-commit-fence';
import { insertScreening } from '../../db/repositories/screenings/screening-repository';
import type { MemberActor } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertWebhookEndpointOwned, resolveSubject } from '../subjects/support/resolve-subject';
import { withQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';

export type CreateScreeningRequest = {
  document?: string | null;
  entity_id?: number | null;
  client_reference?: string | null;
  include_related: boolean;
  webhook_endpoint_uuid?: string | null;
};

/**
 * Creating an adverse-media screening (public path /adverse-media): resolve the subject, take
 * one unit of the `adverse_media` quota, then record the queued screening and start its workflow
 * in ONE transaction: committed means the workflow exists, so nothing stays queued that no
 * workflow will process, even when the process dies right after the commit; a failed start rolls
 * the row back and gives the unit back. The run waits for the commit
 * (db/repositories/screening-commit-fence.ts) and finds nothing to do if it never comes.
 */
export async function createScreening(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { request: CreateScreeningRequest },
): Promise<{ uuid: string; status: 'queued' }> {
  const { request } = input;
  const entityId = await resolveSubject(deps.db, request);
  if (request.webhook_endpoint_uuid) await assertWebhookEndpointOwned(deps.db, actor.company.id, request.webhook_endpoint_uuid);
  return withQuota(deps.db, actor, 'adverse_media', deps.logger, async () => {
    const uuid = randomUUID();
    await deps.db.transaction(async (trx) => {
      await insertScreening(trx, {
        uuid,
        companyId: actor.company.id,
        entityId,
        clientReference: request.client_reference ?? null,
        webhookEndpointUuid: request.webhook_endpoint_uuid?.toLowerCase() ?? null,
        includeRelated: request.include_related,
        asOf: new Date(),
      });
      await fenceNewScreening(trx, uuid);
      const input = { screeningUuid: uuid, companyUuid: actor.company.uuid, entityId, ...testStepDelayOf(deps.config) };
      await startWorkflow(deps.temporal, screeningWorkflowContract, input);
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        action: 'screening.created',
        resource: { type: 'screening', uuid },
        changes: {
          status: 'queued',
          entity_id: entityId,
          client_reference: request.client_reference ?? null,
          include_related: request.include_related,
          webhook_endpoint_uuid: request.webhook_endpoint_uuid?.toLowerCase() ?? null,
        },
      });
    });
    return { uuid, status: 'queued' as const };
  });
}
