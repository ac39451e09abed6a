import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { withinDeadline } from './temporal-deadline';

/**
 * A signal to a running workflow, bounded in time like every Temporal call a request waits on
 * (502 past the deadline). `delivered` is false when no run with the id is open (it ended, or
 * never started): the caller decides whether that matters.
 */
export async function signalWorkflow(
  temporal: Client,
  workflowId: string,
  signal: string,
  arg?: unknown,
  deadlineMs?: number,
): Promise<{ delivered: boolean }> {
  try {
    await withinDeadline(
      temporal,
      () => temporal.workflow.getHandle(workflowId).signal(signal, ...(arg === undefined ? [] : [arg])),
      deadlineMs,
    );
    return { delivered: true };
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return { delivered: false };
    throw error;
  }
}

/** Signals in flight at once in a bulk run: bounded, so a fan-out never floods the Temporal frontend. */
const SIGNAL_GROUP_SIZE = 16;

/**
 * One signal to each of many workflows (a change's fan-out, a review reschedule), a bounded group
 * at a time, `afterGroup` called after each group (an activity's heartbeat): how many reached an
 * open run.
 */
export async function signalWorkflowsInGroups<T>(
  temporal: Client,
  targets: readonly T[],
  signal: (target: T) => { workflowId: string; name: string; arg: unknown },
  afterGroup: () => void = () => {},
): Promise<number> {
  let delivered = 0;
  for (let i = 0; i < targets.length; i += SIGNAL_GROUP_SIZE) {
    const results = await Promise.all(
      targets.slice(i, i + SIGNAL_GROUP_SIZE).map((target) => {
        const { workflowId, name, arg } = signal(target);
        return signalWorkflow(temporal, workflowId, name, arg, 10_000);
      }),
    );
    delivered += results.filter((r) => r.delivered).length;
    afterGroup();
  }
  return delivered;
}
