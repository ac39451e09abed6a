import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { withinDeadline } from './temporal-deadline';

/**
 * A signal to a running workflow, bounded in time like every Temporal call a request waits on
 * (502 past the deadline). `delivered` is false when no run with the id is open (it ended, or
 * never started): the caller decides whether that matters.
 */
export async function signalWorkflow(temporal: Client, workflowId: string, signal: string, arg?: unknown, deadlineMs?: number): Promise<{ delivered: boolean }> {
  try {
    await withinDeadline(temporal, () => temporal.workflow.getHandle(workflowId).signal(signal, ...(arg === undefined ? [] : [arg])), deadlineMs);
    return { delivered: true };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return { delivered: false };
    throw error;
  }
}
