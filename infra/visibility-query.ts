/**
 * The statuses of GET /workflows, and the visibility query that finds a company's runs
 * (docs/workflows.md). Every query is scoped by `CompanyUuid`; values are validated by the route
 * and, here again, limited to characters that cannot leave a quoted literal.
 */
export const workflowRunStatuses = ['running', 'completed', 'failed', 'canceled', 'terminated', 'timed_out'] as const;
export type WorkflowRunStatus = (typeof workflowRunStatuses)[number];

const executionStatusNames: Record<WorkflowRunStatus, string> = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
  terminated: 'Terminated',
  timed_out: 'TimedOut',
};

/** Temporal's WorkflowExecutionStatus (enum number or SDK name) → ours; continued-as-new counts as completed. */
export function runStatusOf(status: number | string | null | undefined): WorkflowRunStatus {
  switch (status) {
    case 1:
    case 'RUNNING':
      return 'running';
    case 3:
    case 'FAILED':
      return 'failed';
    case 4:
    case 'CANCELLED':
    case 'CANCELED':
      return 'canceled';
    case 5:
    case 'TERMINATED':
      return 'terminated';
    case 7:
    case 'TIMED_OUT':
      return 'timed_out';
    default:
      return 'completed';
  }
}

export type VisibilityFilter = {
  companyUuid: string;
  /** Any of these workflow types; an empty list matches nothing (the caller answers an empty page). */
  workflowTypes?: string[];
  status?: WorkflowRunStatus;
  resourceUuid?: string;
  startedFrom?: Date;
  startedTo?: Date;
};

function literal(value: string): string {
  if (!/^[A-Za-z0-9_.:+-]{1,200}$/.test(value)) throw new Error(`unsafe value in a visibility query: ${JSON.stringify(value)}`);
  return `"${value}"`;
}

/** `CompanyUuid = "<caller's>"` AND the caller's filters; started_from ≤ StartTime < started_to. */
export function buildVisibilityQuery(filter: VisibilityFilter): string {
  const clauses = [`CompanyUuid = ${literal(filter.companyUuid)}`];
  if (filter.workflowTypes) clauses.push(`WorkflowType IN (${filter.workflowTypes.map(literal).join(', ')})`);
  if (filter.status) clauses.push(`ExecutionStatus = ${literal(executionStatusNames[filter.status])}`);
  if (filter.resourceUuid) clauses.push(`ResourceUuid = ${literal(filter.resourceUuid)}`);
  if (filter.startedFrom) clauses.push(`StartTime >= ${literal(filter.startedFrom.toISOString())}`);
  if (filter.startedTo) clauses.push(`StartTime < ${literal(filter.startedTo.toISOString())}`);
  return clauses.join(' AND ');
}
