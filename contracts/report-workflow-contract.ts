import type { Actor, RecordedActor } from '../domain/actor';
import type { ReportType } from '../domain/regulatory/manifest-types';
import { searchAttributeKeys } from './search-attributes';
import { taskQueues } from './task-queues';
import { defineWorkflowContract } from './workflow-contract';

/** Ids and parameters only: the analysis' documents stay in Postgres. */
export type ReportWorkflowInput = {
  reportUuid: string;
  companyId: number;
  companyUuid: string;
  analysisUuid: string;
  type: ReportType;
  language: 'pt-BR';
  /** Who asked for the report and in which request: the audit event of its one write (docs/people-and-cases.md); absent in older histories. */
  requestedBy?: { actor: Actor | RecordedActor; requestId: string | null };
  /**
   * The instant (ISO 8601) past which the generation must not commit: the waiting request's
   * deadline (docs/reports.md, "The request's deadline"); absent in older histories (no limit).
   */
  commitBy?: string;
};
export type ReportWorkflowResult = { reportUuid: string; created: boolean };

export const reportWorkflowContract = defineWorkflowContract<
  ReportWorkflowInput,
  ReportWorkflowResult,
  'analysisUnavailable' | 'buildFailed' | 'deadlinePassed'
>({
  kind: 'report',
  workflowType: 'reportWorkflow',
  taskQueue: taskQueues.reports,
  workflowId: (input) => `report-${input.reportUuid}`,
  // An analyst generating a report waits for it.
  priority: 'interactive',
  searchAttributes: (input) => [
    { key: searchAttributeKeys.companyUuid, value: input.companyUuid },
    { key: searchAttributeKeys.analysisUuid, value: input.analysisUuid },
    { key: searchAttributeKeys.resourceUuid, value: input.reportUuid },
  ],
  memo: (input) => ({ type: input.type, analysis_uuid: input.analysisUuid, company_uuid: input.companyUuid }),
  failureTypes: {
    /** The analysis is gone or not completed: no retry can cure it. */
    analysisUnavailable: 'ReportAnalysisUnavailable',
    /** The stored analysis cannot be rendered (a broken document): no retry can cure it. */
    buildFailed: 'ReportBuildFailed',
    /** Ready to commit after the request's deadline (`commitBy`): rolled back, the request answered that nothing was persisted. */
    deadlinePassed: 'ReportDeadlinePassed',
  },
});
