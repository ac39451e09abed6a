import { randomUUID } from 'node:crypto';
import { monitorWorkflowContract, type MonitorWorkflowInput } from '../../contracts/monitor-workflow-contract';
import { fenceNewMonitor, findLiveMonitorOfSubject, insertMonitor } from '../../db/repositories/monitoring/monitor-repository';
import type { MemberActor } from '../../domain/actor';
import { ConflictError } from '../../domain/errors';
import { startWorkflow } from '../../infra/start-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertWebhookEndpointOwned, resolveSubject } from '../subjects/support/resolve-subject';
import { withQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';

export type CreateMonitorRequest = {
  document?: string | null;
  entity_id?: number | null;
  client_reference?: string | null;
  webhook_endpoint_uuid?: string | null;
};

/** A second live monitor of the same subject: 409 naming the first (docs/monitoring.md). */
export class MonitorExistsError extends ConflictError {
  constructor(readonly monitorUuid: string) {
    super(`the subject already has an active monitor: ${monitorUuid}`);
  }
}

/**
 * POST /monitors (docs/monitoring.md): resolve the subject and the endpoint (422/404/409 hold no
 * quota), refuse a second live monitor of the subject, take one unit of the `monitors` quota,
 * then record the monitor and start its workflow in ONE transaction, its audit event last:
 * committed means the workflow exists; a failed start rolls everything back and gives the unit
 * back. The workflow runs the baseline analysis at once (mode `monitoring`, not billed as an
 * analysis), after the commit (the monitor's commit fence).
 */
export async function createMonitor(deps: UsecaseDeps, actor: MemberActor, request: CreateMonitorRequest): Promise<{ uuid: string }> {
  const entityId = await resolveSubject(deps.db, request);
  const webhookEndpointUuid = request.webhook_endpoint_uuid?.toLowerCase() ?? null;
  if (webhookEndpointUuid) await assertWebhookEndpointOwned(deps.db, actor.company.id, webhookEndpointUuid);
  const existing = await findLiveMonitorOfSubject(deps.db, actor.company.id, entityId);
  if (existing) throw new MonitorExistsError(existing.uuid);

  return withQuota(deps.db, actor, 'monitors', deps.logger, async () => {
    const input: MonitorWorkflowInput = {
      monitorUuid: randomUUID(),
      companyUuid: actor.company.uuid,
      entityId,
      baselineAnalysisUuid: randomUUID(),
    };
    const clientReference = request.client_reference ?? null;
    await deps.db.transaction(async (trx) => {
      const inserted = await insertMonitor(trx, {
        uuid: input.monitorUuid,
        companyId: actor.company.id,
        entityId,
        clientReference,
        webhookEndpointUuid,
        workflowId: monitorWorkflowContract.workflowId(input),
        baselineAnalysisUuid: input.baselineAnalysisUuid,
      });
      if (!inserted) {
        // A concurrent request created the subject's monitor between the check and the insert.
        const winner = await findLiveMonitorOfSubject(trx, actor.company.id, entityId);
        throw new MonitorExistsError(winner?.uuid ?? 'unknown');
      }
      await fenceNewMonitor(trx, input.monitorUuid);
      await startWorkflow(deps.temporal, monitorWorkflowContract, input);
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        action: 'monitor.created',
        resource: { type: 'monitor', uuid: input.monitorUuid },
        changes: {
          status: 'active',
          entity_id: entityId,
          client_reference: clientReference,
          webhook_endpoint_uuid: webhookEndpointUuid,
          baseline_analysis_uuid: input.baselineAnalysisUuid,
        },
      });
    });
    return { uuid: input.monitorUuid };
  });
}
