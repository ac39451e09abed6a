import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/**
 * One portfolio batch (docs/batches.md). Ids and positions only: the rows stay in Postgres and
 * are read page by page. `afterRow`, `paused` and `canceled` carry the run's place across
 * continue-as-new; a first run has none of them.
 */
export type AnalysisBatchWorkflowInput = {
  batchUuid: string;
  companyUuid: string;
  /** Rows run at once (ANALYSIS_BATCH_CONCURRENCY at the batch's creation). */
  concurrency: number;
  afterRow?: number;
  paused?: boolean;
  canceled?: boolean;
};
export type AnalysisBatchWorkflowResult = { status: 'completed' | 'canceled' };

/** A page of pending rows, claimed at once; pages per run before continue-as-new keep the history bounded. */
export const BATCH_PAGE_SIZE = 100;
export const BATCH_PAGES_PER_RUN = 10;

/** The rows of one subject in a page: one analysis for all of them (duplicates analysed once). */
export type BatchRowGroup = {
  subjectKey: string;
  rows: { rowNumber: number; document: string | null; entityId: number | null; clientReference: string | null }[];
};
export type ClaimBatchPageInput = { batchUuid: string; afterRow: number; limit: number };
export type ClaimBatchPageResult = { groups: BatchRowGroup[]; lastRow: number | null };
export type RunBatchGroupInput = { batchUuid: string; group: BatchRowGroup };
/** `quota_exceeded`: the rows stay pending; the batch pauses until a resume. */
export type RunBatchGroupResult = { outcome: 'completed' | 'failed' | 'quota_exceeded' | 'skipped' };

/** Pause, resume and cancel reach the run as updates (the API has written the batch's status first). */
export const analysisBatchUpdates = { pause: 'pauseBatch', resume: 'resumeBatch', cancel: 'cancelBatch' } as const;

/**
 * Bulk priority: a batch's rows wait behind interactive and normal work whenever the queue has a
 * backlog, with the company as the fairness key (docs/batches.md, "Priority and fairness").
 */
export const analysisBatchWorkflowContract = defineWorkflowContract<AnalysisBatchWorkflowInput, AnalysisBatchWorkflowResult>({
  kind: 'analysis_batch',
  workflowType: 'analysisBatchWorkflow',
  taskQueue: taskQueues.analyses,
  workflowId: (input) => `analysis-batch-${input.batchUuid}`,
  priority: 'bulk',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.batchUuid },
  ],
  failureTypes: {},
});
