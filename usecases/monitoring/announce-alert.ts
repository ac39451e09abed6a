import { type MonitorAlertNotice, monitorAlertEventKey } from '../../contracts/monitor-workflow-contract';
import type { SystemActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { publishWebhookEvent } from '../webhooks/publish-webhook-event';
import { onRiskIncreased } from './on-risk-increased';

/**
 * A monitor's alert told to the customer (docs/monitoring.md, "Alerts"): its `monitoring.alert`
 * webhook event (to the monitor's endpoint and the subscribers), then, when the risk increased,
 * its case. Idempotent, so a retried check announces again safely: the event is keyed by the
 * alert (`monitoring-alert-<uuid>`: a repeat starts nothing new) and an alert opens at most one
 * case (usecases/cases/open-case.ts).
 */
export async function announceMonitorAlert(
  deps: UsecaseDeps,
  actor: SystemActor,
  input: MonitorAlertNotice,
): Promise<{ eventUuids: string[]; caseOpened: boolean }> {
  const { eventUuids } = await publishWebhookEvent(deps, actor, {
    companyId: input.companyId,
    type: 'monitoring.alert',
    data: input.eventData,
    explicitEndpointUuid: input.webhookEndpointUuid,
    idempotencyKey: monitorAlertEventKey(input.alertUuid),
  });
  const caseOpened = input.riskIncreased
    ? (
        await onRiskIncreased(deps, actor, {
          analysisUuid: input.analysisUuid,
          alertUuid: input.alertUuid,
          reason: 'monitoring: risk increased',
        })
      ).caseOpened
    : false;
  return { eventUuids, caseOpened };
}
