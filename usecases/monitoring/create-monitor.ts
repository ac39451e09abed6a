import { randomUUID } from 'node:crypto';
import { monitorWorkflowContract, type MonitorWorkflowInput } from '../../contracts/monitor-workflow-contract';
import { fenceNewMonitor, findLiveMonitorOfSubject, insertMonitor } from '../../db/repositories/monitoring/monitor-repository';
import type { MemberActor } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import { recordAuditEvent } from '../audit/record-audit-event';
import { assertWebhookEndpointOwned, resolveSubject } from '../subjects/support/resolve-subject';
import { withQuota } from '../tenancy/support/reserve-quota';
import type { UsecaseDeps } from '../support/usecase-deps';
import { MonitorExistsError } from './support/monitor-exists-error';

export type CreateMonitorRequest = {
  document?: string | null;
  entity_id?: number | null;
  client_reference?: string | null;
  webhook_endpoint_uuid?: string | null;
};

/**
 * POST /monitors (docs/monitoring.md): resolve the subject and the endpoint (422/404/409 hold no
 * quota), refuse a second live monitor of the subject, take one unit of the `monitors` quota,
 * then record the monitor and start its workflow in ONE transaction, its audit event last:
 * committed means the workflow exists; a failed start rolls everything back and gives the unit
 * back. The workflow runs the baseline analysis at once (mode `monitoring`, not billed as an
 * analysis), after the commit (the monitor's commit fence).
 */
export async function createMonitor(deps: UsecaseDeps, actor: MemberActor, input: CreateMonitorRequest): Promise<{ uuid: string }> {
  const entityId = await resolveSubject(deps.db, input);
  const webhookEndpointUuid = input.webhook_endpoint_uuid?.toLowerCase() ?? null;
  if (webhookEndpointUuid) await assertWebhookEndpointOwned(deps.db, actor.company.id, webhookEndpointUuid);
  const existing = await findLiveMonitorOfSubject(deps.db, actor.company.id, entityId);
  if (existing) throw new MonitorExistsError(existing.uuid);

  return withQuota(deps.db, actor, 'monitors', deps.logger, async () => {
    const workflowInput: MonitorWorkflowInput = {
      monitorUuid: randomUUID(),
      companyUuid: actor.company.uuid,
      entityId,
      baselineAnalysisUuid: randomUUID(),
    };
    const clientReference = input.client_reference ?? null;
    await deps.db.transaction(async (trx) => {
      const inserted = await insertMonitor(trx, {
        uuid: workflowInput.monitorUuid,
        companyId: actor.company.id,
        entityId,
        clientReference,
        webhookEndpointUuid,
        workflowId: monitorWorkflowContract.workflowId(workflowInput),
        baselineAnalysisUuid: workflowInput.baselineAnalysisUuid,
      });
      if (!inserted) {
        // A concurrent request created the subject's monitor between the check and the insert.
        const winner = await findLiveMonitorOfSubject(trx, actor.company.id, entityId);
        throw new MonitorExistsError(winner?.uuid ?? 'unknown');
      }
      await fenceNewMonitor(trx, workflowInput.monitorUuid);
      await startWorkflow(deps.temporal, monitorWorkflowContract, workflowInput);
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        action: 'monitor.created',
        resource: { type: 'monitor', uuid: workflowInput.monitorUuid },
        changes: {
          status: 'active',
          entity_id: entityId,
          client_reference: clientReference,
          webhook_endpoint_uuid: webhookEndpointUuid,
          baseline_analysis_uuid: workflowInput.baselineAnalysisUuid,
        },
      });
    });
    return { uuid: workflowInput.monitorUuid };
  });
}
