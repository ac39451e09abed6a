import { InternalConnectionLikeSymbol, WorkflowFailedError as TemporalWorkflowFailedError } from '@temporalio/client';
import type { Client, InternalConnectionLike, WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure, type Duration, WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import {
  type AnyWorkflowContract,
  type ContractInput,
  type ServiceContractInput,
  type ServiceWorkflowContract,
  startPriorityOf,
  type WorkflowContract,
} from '../contracts/workflow-contract';
import { DependencyUnavailableError, WorkflowFailedError } from '../domain/errors';
import { withinDeadline } from './temporal-deadline';

/** A start that cannot reach Temporal within TEMPORAL_CALL_DEADLINE_MS answers 502 instead of hanging. */
export type StartWorkflowOptions = {
  /**
   * `once` (default): an id runs once ever; starting it again returns the existing run, so a
   * repeated start is harmless. `share-running`: a start while a run with the id is open joins
   * it; once closed the id starts afresh (repeatable requests such as graph expansions).
   */
  idPolicy?: 'once' | 'share-running';
  executionTimeout?: Duration;
};

export type StartedWorkflow<O> = {
  workflowId: string;
  /** The server handed the first workflow task to this process's worker in the start response. */
  eagerlyStarted: boolean;
  handle: WorkflowHandle;
  result: () => Promise<O>;
};

/** A workflow that ended failed; `failureType` is the ApplicationFailure type it carried, if any. */
export class WorkflowRunFailedError extends WorkflowFailedError {
  constructor(
    message: string,
    readonly failureType: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Eager workflow start: when this process also runs a worker over the client's NativeConnection,
 * the server returns the first workflow task in the start response, skipping task matching.
 * With a plain client connection it cannot be requested (the SDK throws).
 */
function supportsEagerStart(temporal: Client): boolean {
  return Boolean((temporal.connection as unknown as InternalConnectionLike)[InternalConnectionLikeSymbol]?.supportsEagerStart);
}

/** The ApplicationFailure type anywhere in a failure's cause chain. */
export function failureTypeOf(error: unknown): string | undefined {
  for (let e: any = error; e; e = e.cause) if (e instanceof ApplicationFailure) return e.type ?? undefined;
  return undefined;
}

/**
 * The one way the service starts a workflow: id, task queue, search attributes, memo and
 * priority come from the contract (the input's company is the fairness key; the service's own
 * workflows have none); eager start whenever this process has a worker on the connection;
 * bounded in time (502 past the deadline).
 */
export async function startWorkflow<I extends ContractInput, O>(
  temporal: Client,
  contract: WorkflowContract<I, O, any>,
  input: I,
  options?: StartWorkflowOptions,
): Promise<StartedWorkflow<O>>;
export async function startWorkflow<I extends ServiceContractInput, O>(
  temporal: Client,
  contract: ServiceWorkflowContract<I, O, any>,
  input: I,
  options?: StartWorkflowOptions,
): Promise<StartedWorkflow<O>>;
export async function startWorkflow<O>(
  temporal: Client,
  contract: AnyWorkflowContract,
  input: ContractInput | ServiceContractInput,
  options: StartWorkflowOptions = {},
): Promise<StartedWorkflow<O>> {
  const workflowId = contract.workflowId(input);
  const sharing = options.idPolicy === 'share-running';
  const start = () =>
    temporal.workflow.start(contract.workflowType, {
      taskQueue: contract.taskQueue,
      workflowId,
      args: [input],
      requestEagerStart: supportsEagerStart(temporal),
      typedSearchAttributes: contract.searchAttributes(input),
      memo: contract.memo?.(input),
      priority: startPriorityOf(contract, input),
      ...(sharing
        ? { workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE, workflowIdConflictPolicy: 'USE_EXISTING' as const }
        : { workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE }),
      ...(options.executionTimeout ? { workflowExecutionTimeout: options.executionTimeout } : {}),
    });
  let handle: WorkflowHandle & { eagerlyStarted?: boolean };
  try {
    handle = await withinDeadline(temporal, start);
  } catch (error) {
    if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    handle = temporal.workflow.getHandle(workflowId);
  }
  return { workflowId, eagerlyStarted: Boolean(handle.eagerlyStarted), handle, result: () => handle.result() as Promise<O> };
}

/**
 * The result of a started workflow within `deadlineMs`: a failed run becomes
 * WorkflowRunFailedError with its failure type; out of time or Temporal gone, DependencyUnavailableError.
 */
export async function awaitWorkflowResult<O>(temporal: Client, started: StartedWorkflow<O>, deadlineMs: number): Promise<O> {
  try {
    return await withinDeadline(temporal, started.result, deadlineMs);
  } catch (error) {
    if (error instanceof TemporalWorkflowFailedError) throw new WorkflowRunFailedError(error.message, failureTypeOf(error));
    if (error instanceof DependencyUnavailableError) throw error;
    throw error;
  }
}
