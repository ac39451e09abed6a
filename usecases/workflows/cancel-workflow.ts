import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { cancellableKinds, kindOfWorkflowType } from '../../contracts/workflow-catalog';
import { ConflictError, NotFoundError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { cancelWorkflowRun, describeCompanyWorkflowRun } from '../../infra/workflow-runs';

export type WorkflowCancellation = { workflow_id: string; kind: string; resource_uuid: string | null; status: 'cancel_requested' };

/**
 * POST /workflows/{workflow_id}/cancel: a graceful cancellation of one of the company's running
 * async analyses, screenings, report generations or pending deliveries. The workflow's own
 * cleanup ends the resource `canceled`, removes what is half-written and gives the quota back
 * (workflows/*-workflow.ts); this story only checks and asks. Not running → 409; another
 * company's or unknown → 404.
 */
export async function cancelWorkflow(
  deps: Pick<UsecaseDeps, 'temporal' | 'db' | 'clock' | 'requestId'>,
  actor: MemberActor,
  input: { workflowId: string },
): Promise<WorkflowCancellation> {
  const { workflowId } = input;
  const run = await describeCompanyWorkflowRun(deps.temporal, actor.company.uuid, workflowId);
  if (!run) throw new NotFoundError('workflow');
  const kind = kindOfWorkflowType(run.workflowType);
  if (run.status !== 'running') throw new ConflictError(`workflow is ${run.status}; only a running workflow can be canceled`);
  if (!kind || !cancellableKinds.includes(kind)) throw new ConflictError(`a ${kind ?? run.workflowType} workflow cannot be canceled`);
  if (kind === 'analysis' && run.memo.mode === 'sync')
    throw new ConflictError('a synchronous analysis cannot be canceled; it answers its request within seconds');
  await cancelWorkflowRun(deps.temporal, run);
  // The request changed Temporal's state, not a row: it is recorded once Temporal accepted it; the
  // resource's own end (`<kind>.canceled`) is recorded by the workflow's cleanup, as the service.
  await deps.db.transaction((trx) =>
    recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'workflow.cancel_requested',
      resource: { type: 'workflow', uuid: run.workflowId },
      changes: { kind, resource_uuid: run.resourceUuid },
    }),
  );
  return { workflow_id: run.workflowId, kind, resource_uuid: run.resourceUuid, status: 'cancel_requested' };
}
