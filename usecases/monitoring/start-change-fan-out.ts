import { monitoringFanOutWorkflowContract } from '../../contracts/monitoring-fanout-workflow-contract';
import type { Actor } from '../../domain/actor';
import { startWorkflow } from '../../infra/start-workflow';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * After an import recorded its changes (entity_changes), the fan-out that re-analyses the
 * monitors whose network holds a changed entity (docs/monitoring.md, "Change detection"). One
 * workflow per (source, version), ever: starting it again (the import re-run, or by hand with
 * `ops monitoring fan-out`) joins or finds the first, so nothing is signalled twice by a start.
 * `batchSize` (monitors per batch, default FAN_OUT_BATCH_SIZE) only changes how the work is cut.
 */
export async function startChangeFanOut(
  deps: Pick<UsecaseDeps, 'temporal'>,
  actor: Actor,
  input: { source: string; version: string; batchSize?: number },
): Promise<{ workflow_id: string }> {
  const started = await startWorkflow(deps.temporal, monitoringFanOutWorkflowContract, {
    source: input.source,
    version: input.version,
    ...(input.batchSize ? { batchSize: input.batchSize } : {}),
  });
  return { workflow_id: started.workflowId };
}
