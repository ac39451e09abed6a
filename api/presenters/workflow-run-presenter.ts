import { kindOfWorkflowType } from '../../contracts/workflow-catalog';
import type { WorkflowRun } from '../../infra/workflow-runs';
import type { WorkflowItem } from '../resources/workflows/workflow-schemas';

/** A run as the API shows it, with the current step its resource recorded. */
export function presentRun(run: WorkflowRun, steps: Map<string, string>): WorkflowItem {
  const kind = kindOfWorkflowType(run.workflowType) ?? null;
  return { workflow_id: run.workflowId, kind, resource_uuid: run.resourceUuid, status: run.status, started_at: run.startedAt, closed_at: run.closedAt, current_step: steps.get(`${kind}:${run.resourceUuid}`) ?? null };
}

/** The resource a run works on: the key its recorded current step is looked up by. */
export function resourceOfRun(run: WorkflowRun): { kind: string | null; uuid: string | null } {
  return { kind: kindOfWorkflowType(run.workflowType) ?? null, uuid: run.resourceUuid };
}
