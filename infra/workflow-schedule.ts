import {
  type Client,
  ScheduleAlreadyRunning,
  type ScheduleDescription,
  type ScheduleOptions,
  ScheduleOverlapPolicy,
} from '@temporalio/client';
import type { Duration } from '@temporalio/common';
import type { ServiceContractInput, ServiceWorkflowContract } from '../contracts/workflow-contract';

/** A Temporal Schedule that starts one of the service's own workflows at a fixed interval. */
export type WorkflowSchedule<I extends ServiceContractInput> = {
  scheduleId: string;
  contract: ServiceWorkflowContract<I, any, any>;
  /** The input of every run; its workflow id (from the contract) gets the scheduled time appended by Temporal. */
  input: I;
  everyMs: number;
  /** A run still going after this is ended, so it cannot hold the Schedule (overlap: skip) for long. */
  runTimeout: Duration;
};

export type ScheduleOutcome = 'created' | 'unchanged' | 'updated';

export function scheduleOptionsOf<I extends ServiceContractInput>(schedule: WorkflowSchedule<I>): ScheduleOptions {
  return {
    scheduleId: schedule.scheduleId,
    spec: { intervals: [{ every: schedule.everyMs }] },
    action: {
      type: 'startWorkflow',
      workflowType: schedule.contract.workflowType,
      taskQueue: schedule.contract.taskQueue,
      workflowId: schedule.contract.workflowId(schedule.input),
      args: [schedule.input],
      typedSearchAttributes: schedule.contract.searchAttributes(schedule.input),
      workflowExecutionTimeout: schedule.runTimeout,
    },
    // A run still going when the next is due: the next is skipped, never stacked.
    policies: { overlap: ScheduleOverlapPolicy.SKIP },
  };
}

/**
 * What differs between an existing Schedule and the wanted one: its interval (an operator changed
 * IDEMPOTENCY_PURGE_INTERVAL) or what it starts (a release renamed or moved the workflow). Its
 * state is not compared: a Schedule an operator paused stays paused.
 */
export function scheduleDifferences<I extends ServiceContractInput>(
  described: Pick<ScheduleDescription, 'spec' | 'action'>,
  schedule: WorkflowSchedule<I>,
): string[] {
  const wanted = scheduleOptionsOf(schedule);
  // describe() leaves a zero offset undefined.
  const intervals = described.spec.intervals ?? [];
  const differences: string[] = [];
  if (
    (described.spec.calendars ?? []).length > 0 ||
    intervals.length !== 1 ||
    intervals[0].every !== schedule.everyMs ||
    (intervals[0].offset ?? 0) !== 0
  )
    differences.push('interval');
  if (described.action.workflowType !== wanted.action.workflowType) differences.push('workflowType');
  if (described.action.taskQueue !== wanted.action.taskQueue) differences.push('taskQueue');
  if (described.action.workflowId !== wanted.action.workflowId) differences.push('workflowId');
  if (JSON.stringify(described.action.args ?? []) !== JSON.stringify(wanted.action.args)) differences.push('args');
  return differences;
}

/**
 * Creates the Schedule, or brings an existing one in line with this release's: every worker
 * process calls it at start, so two starting at once race harmlessly (the loser finds it there).
 */
export async function ensureWorkflowSchedule<I extends ServiceContractInput>(
  temporal: Client,
  schedule: WorkflowSchedule<I>,
): Promise<{ outcome: ScheduleOutcome; differences: string[] }> {
  const options = scheduleOptionsOf(schedule);
  try {
    await temporal.schedule.create(options);
    return { outcome: 'created', differences: [] };
  } catch (error) {
    if (!(error instanceof ScheduleAlreadyRunning)) throw error;
  }
  const handle = temporal.schedule.getHandle(schedule.scheduleId);
  const differences = scheduleDifferences(await handle.describe(), schedule);
  if (differences.length === 0) return { outcome: 'unchanged', differences };
  await handle.update((previous) => ({
    ...previous,
    spec: options.spec,
    action: options.action,
    policies: options.policies,
    state: { paused: previous.state.paused, note: previous.state.note },
  }));
  return { outcome: 'updated', differences };
}
