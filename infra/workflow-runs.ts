import { type Client, WorkflowNotFoundError } from '@temporalio/client';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { searchAttributeKeys } from '../contracts/search-attributes';
import { buildVisibilityQuery, runStatusOf, type VisibilityFilter, type WorkflowRunStatus } from './visibility-query';
import { type RunHistory, summarizeHistory, timestampToIso } from './workflow-history';
import { withinDeadline } from './temporal-deadline';

/**
 * What the operator surface reads from Temporal (GET /workflows, POST …/cancel): runs found
 * through visibility, one run described, its history summarized, a query, a cancel request.
 * Every call is bounded by TEMPORAL_CALL_DEADLINE_MS (502 past it).
 */

export type WorkflowRun = {
  workflowId: string;
  runId: string;
  workflowType: string;
  status: WorkflowRunStatus;
  startedAt: string | null;
  closedAt: string | null;
  companyUuid: string | null;
  resourceUuid: string | null;
  memo: Record<string, unknown>;
};

function decode(payload: unknown): unknown {
  try {
    return payload ? defaultPayloadConverter.fromPayload(payload as Payload) : null;
  } catch {
    return null;
  }
}

const keyword = (fields: Record<string, unknown> | null | undefined, name: string): string | null => {
  const value = decode(fields?.[name]);
  return typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null;
};

/** A raw WorkflowExecutionInfo (list or describe) → WorkflowRun. */
function runOf(info: Record<string, any>): WorkflowRun {
  const fields = info.searchAttributes?.indexedFields;
  return {
    workflowId: info.execution?.workflowId ?? '',
    runId: info.execution?.runId ?? '',
    workflowType: info.type?.name ?? '',
    status: runStatusOf(info.status),
    startedAt: timestampToIso(info.startTime),
    closedAt: timestampToIso(info.closeTime),
    companyUuid: keyword(fields, searchAttributeKeys.companyUuid.name),
    resourceUuid: keyword(fields, searchAttributeKeys.resourceUuid.name),
    memo: Object.fromEntries(Object.entries(info.memo?.fields ?? {}).map(([k, v]) => [k, decode(v)])),
  };
}

/** One page of the runs matching the filter, in Temporal's visibility order; the token asks for the next. */
export async function listWorkflowRuns(
  temporal: Client,
  filter: VisibilityFilter,
  page: { pageSize: number; pageToken: Uint8Array | null },
): Promise<{ runs: WorkflowRun[]; nextPageToken: Uint8Array | null }> {
  if (filter.workflowTypes?.length === 0) return { runs: [], nextPageToken: null };
  const response = await withinDeadline(temporal, () =>
    temporal.workflowService.listWorkflowExecutions({
      namespace: temporal.options.namespace,
      query: buildVisibilityQuery(filter),
      pageSize: page.pageSize,
      nextPageToken: page.pageToken ?? undefined,
    }),
  );
  const token = response.nextPageToken && response.nextPageToken.length > 0 ? response.nextPageToken : null;
  return { runs: (response.executions ?? []).map((info) => runOf(info as Record<string, any>)), nextPageToken: token };
}

/** The latest run with this workflow id; undefined when Temporal knows none. */
async function describeWorkflowRun(temporal: Client, workflowId: string): Promise<WorkflowRun | undefined> {
  try {
    const description = await withinDeadline(temporal, () => temporal.workflow.getHandle(workflowId).describe());
    return runOf(description.raw.workflowExecutionInfo as Record<string, any>);
  } catch (error) {
    if (error instanceof WorkflowNotFoundError) return undefined;
    throw error;
  }
}

export async function readRunHistory(temporal: Client, run: WorkflowRun): Promise<RunHistory> {
  const history = await withinDeadline(temporal, () => temporal.workflow.getHandle(run.workflowId, run.runId).fetchHistory());
  return summarizeHistory((history.events ?? []) as Record<string, any>[]);
}

/** A query of a running workflow; null when it does not answer in time. */
export async function queryWorkflowRun<T>(temporal: Client, run: WorkflowRun, queryName: string): Promise<T | null> {
  return withinDeadline(temporal, () => temporal.workflow.getHandle(run.workflowId, run.runId).query<T>(queryName)).catch(() => null);
}

/** Requests a graceful cancellation: the workflow's own cleanup ends its resource `canceled`. */
export async function cancelWorkflowRun(temporal: Client, run: WorkflowRun): Promise<void> {
  await withinDeadline(temporal, () => temporal.workflow.getHandle(run.workflowId, run.runId).cancel());
}

/** The run, when it belongs to this company (CompanyUuid): another company's is as missing as an unknown one. */
export async function describeCompanyWorkflowRun(
  temporal: Client,
  companyUuid: string,
  workflowId: string,
): Promise<WorkflowRun | undefined> {
  const run = await describeWorkflowRun(temporal, workflowId);
  return run && run.companyUuid === companyUuid ? run : undefined;
}
