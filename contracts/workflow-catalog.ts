import { analysisBatchWorkflowContract } from './analysis-batch-workflow-contract';
import { analysisWorkflowContract } from './analysis-workflow-contract';
import { caseWorkflowContract } from './case-workflow-contract';
import { graphExpansionWorkflowContract } from './graph-expansion-workflow-contract';
import { idempotencyPurgeWorkflowContract } from './idempotency-purge-workflow-contract';
import { monitorReviewRescheduleWorkflowContract } from './monitor-review-reschedule-workflow-contract';
import { monitorWorkflowContract } from './monitor-workflow-contract';
import { monitoringFanOutWorkflowContract } from './monitoring-fanout-workflow-contract';
import { reportWorkflowContract } from './report-workflow-contract';
import { screeningWorkflowContract } from './screening-workflow-contract';
import { webhookDeliveryWorkflowContract } from './webhook-delivery-workflow-contract';
import { webhookRecoveryWorkflowContract } from './webhook-recovery-workflow-contract';
import type { ServiceWorkflowContract, WorkflowContract, WorkflowKind } from './workflow-contract';

/**
 * Every workflow contract of the service: GET /workflows names a run's kind by its workflow type
 * through this list. A new workflow adds its contract here.
 */
export const workflowContracts: readonly WorkflowContract<any, any, any>[] = [
  analysisWorkflowContract,
  screeningWorkflowContract,
  webhookDeliveryWorkflowContract,
  webhookRecoveryWorkflowContract,
  graphExpansionWorkflowContract,
  reportWorkflowContract,
  caseWorkflowContract,
  monitorWorkflowContract,
  monitorReviewRescheduleWorkflowContract,
  analysisBatchWorkflowContract,
];

/**
 * The workflows the service runs for itself (contracts/workflow-contract.ts, ServiceWorkflowContract):
 * never in `workflowContracts`, so GET /workflows names no kind for them and no `kind` filter
 * reaches them; they carry no CompanyUuid, so no customer's query finds them at all.
 */
export const serviceWorkflowContracts: readonly ServiceWorkflowContract<any, any, any>[] = [
  idempotencyPurgeWorkflowContract,
  monitoringFanOutWorkflowContract,
];

export const workflowKinds = [
  'analysis',
  'screening',
  'report',
  'webhook_delivery',
  'webhook_recovery',
  'graph_expansion',
  'case',
  'monitor',
  'analysis_batch',
] as const satisfies readonly WorkflowKind[];

/**
 * What a customer may cancel (POST /workflows/{id}/cancel): runs whose resource can end
 * `canceled` with nothing half-written and its quota given back. An expansion is a short read of
 * the analysis; a sync analysis answers its caller within seconds.
 */
export const cancellableKinds: readonly WorkflowKind[] = ['analysis', 'screening', 'report', 'webhook_delivery'];

export function workflowTypesOfKind(kind: WorkflowKind): string[] {
  return workflowContracts.filter((c) => c.kind === kind).map((c) => c.workflowType);
}

export function kindOfWorkflowType(workflowType: string): WorkflowKind | undefined {
  return workflowContracts.find((c) => c.workflowType === workflowType)?.kind;
}
