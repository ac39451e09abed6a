import { type ActivityOptions, workflowInfo } from '@temporalio/workflow';

/**
 * Activity options that state the run's own Task Queue Priority and fairness key (set at start
 * from the contract, contracts/work-priority.ts). The server would apply the workflow's Priority
 * to an activity that sets none anyway; stating it puts it in the history (ActivityTaskScheduled),
 * where an operator and a test can see it. Local activities never go through a task queue: they
 * run inside the workflow task, which carries the run's priority.
 */
export function withRunPriority(options: ActivityOptions): ActivityOptions {
  return { ...options, priority: workflowInfo().priority };
}
