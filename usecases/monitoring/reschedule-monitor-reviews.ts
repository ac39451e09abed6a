import { randomUUID } from 'node:crypto';
import { monitorReviewRescheduleWorkflowContract } from '../../contracts/monitor-review-reschedule-workflow-contract';
import type { Actor } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * After a company changed its review months (docs/monitoring.md, "Schedules"): one workflow
 * that plans every live monitor's next review again. The setting is already committed; this
 * makes the sleeping monitors follow it now rather than at their next check.
 */
export async function startMonitorReviewReschedule(
  deps: Pick<UsecaseDeps, 'temporal'>,
  actor: Actor,
  input: { companyUuid: string; batchSize?: number },
): Promise<{ workflow_id: string }> {
  const started = await startWorkflow(deps.temporal, monitorReviewRescheduleWorkflowContract, {
    companyUuid: input.companyUuid,
    rescheduleUuid: randomUUID(),
    ...(input.batchSize ? { batchSize: input.batchSize } : {}),
  });
  return { workflow_id: started.workflowId };
}
