import { kindOfWorkflowType } from '../../contracts/workflow-catalog';
import type { RecoveryProgress } from '../../contracts/webhook-recovery-workflow-contract';
import type { WorkflowRun } from '../../infra/workflow-runs';
import type { WorkflowItem } from '../resources/workflows/workflow-schemas';

/** A run as the API shows it, with the current step its resource recorded. */
export function presentRun(run: WorkflowRun, steps: Map<string, string>): WorkflowItem {
  const kind = kindOfWorkflowType(run.workflowType) ?? null;
  return {
    workflow_id: run.workflowId,
    kind,
    resource_uuid: run.resourceUuid,
    status: run.status,
    started_at: run.startedAt,
    closed_at: run.closedAt,
    current_step: steps.get(`${kind}:${run.resourceUuid}`) ?? null,
  };
}

/** The resource a run works on: the key its recorded current step is looked up by. */
export function resourceOfRun(run: WorkflowRun): { kind: string | null; uuid: string | null } {
  return { kind: kindOfWorkflowType(run.workflowType) ?? null, uuid: run.resourceUuid };
}

/** A webhook recover's progress as a step: `retried 120, skipped 3` while it runs, `done: …` at the end; null when the run did not answer. */
export function recoveryStep(progress: RecoveryProgress | null): string | null {
  if (!progress) return null;
  const counts = `retried ${progress.retried}, skipped ${progress.skippedCount}`;
  return progress.done ? `done: ${counts}` : counts;
}
