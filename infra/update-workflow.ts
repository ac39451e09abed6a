import type { Client } from '@temporalio/client';
import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { ContractInput, WorkflowContract } from '../contracts/workflow-contract';
import { failureTypeOf } from './start-workflow';
import { withinDeadline } from './temporal-deadline';

/** An update the workflow refused on purpose: the ApplicationFailure type it threw, and its message. */
export class WorkflowUpdateRefusedError extends Error {
  constructor(
    message: string,
    readonly failureType: string | undefined,
  ) {
    super(message);
    this.name = 'WorkflowUpdateRefusedError';
  }
}

/** The workflow is not running (never started, or ended): nothing can be asked of it. */
export class WorkflowNotRunningError extends Error {
  constructor(readonly workflowId: string) {
    super(`workflow ${workflowId} is not running`);
    this.name = 'WorkflowNotRunningError';
  }
}

/**
 * Sends an update to a contract's workflow and waits for its result, bounded in time like every
 * call a client waits on (infra/temporal-deadline.ts; `deadlineMs` when the update does work).
 */
export async function executeWorkflowUpdate<I extends ContractInput, A, R>(
  temporal: Client,
  contract: WorkflowContract<I, any, any>,
  input: I,
  update: string,
  arg: A,
  deadlineMs: number,
): Promise<R> {
  const workflowId = contract.workflowId(input);
  const handle = temporal.workflow.getHandle(workflowId);
  try {
    // Temporal in reach within the short deadline of every call, and the run still open: an
    // outage answers 502 in seconds, not after the update's own, longer deadline.
    if ((await withinDeadline(temporal, () => handle.describe())).status.name !== 'RUNNING') throw new WorkflowNotRunningError(workflowId);
    return await withinDeadline(temporal, () => handle.executeUpdate<R, [A]>(update, { args: [arg] }), deadlineMs);
  } catch (error) {
    if (error instanceof WorkflowNotRunningError) throw error;
    if (error instanceof WorkflowUpdateFailedError)
      throw new WorkflowUpdateRefusedError(error.cause?.message ?? error.message, failureTypeOf(error));
    if (error instanceof WorkflowNotFoundError) throw new WorkflowNotRunningError(workflowId);
    throw error;
  }
}
