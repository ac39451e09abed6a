import { kindOfWorkflowType } from '../contracts/workflow-catalog';
import { findResourceSteps } from '../db/repositories/workflows/workflow-resource-repository';
import type { WorkflowRun } from '../infra/workflow-runs';
import type { AppDeps } from './app-deps';
import type { WorkflowItem } from './schemas/workflow-schemas';

/** A run as the API shows it, with the current step its resource recorded. */
export function presentRun(run: WorkflowRun, steps: Map<string, string>): WorkflowItem {
  const kind = kindOfWorkflowType(run.workflowType) ?? null;
  return { workflow_id: run.workflowId, kind, resource_uuid: run.resourceUuid, status: run.status, started_at: run.startedAt, closed_at: run.closedAt, current_step: steps.get(`${kind}:${run.resourceUuid}`) ?? null };
}

/** The recorded current step of each run's resource, by `kind:uuid`. */
export async function stepsOf(deps: AppDeps, companyId: number, runs: WorkflowRun[]) {
  return findResourceSteps(deps.db, companyId, runs.map((r) => ({ kind: kindOfWorkflowType(r.workflowType) ?? null, uuid: r.resourceUuid })));
}
