import { ApplicationFailure } from '@temporalio/activity';
import { reportWorkflowContract, type ReportWorkflowInput, type ReportWorkflowResult } from '../contracts/report-workflow-contract';
import { generateReport } from '../usecases/reports/generate-report';
import {
  ReportBuildError,
  ReportDeadlinePassedError,
  ReportSourceUnavailableError,
} from '../usecases/reports/support/report-generation-errors';
import { SYSTEM_ACTOR } from '../domain/actor';
import type { ActivityDeps } from './activity-deps';

const failures = reportWorkflowContract.failureTypes;

export function createReportActivities(deps: ActivityDeps) {
  return {
    /** usecases/reports/generate-report.ts; idempotent on the report uuid. */
    async generateReport(input: ReportWorkflowInput): Promise<ReportWorkflowResult> {
      try {
        return await generateReport(deps, SYSTEM_ACTOR, input);
      } catch (error) {
        if (error instanceof ReportSourceUnavailableError)
          throw ApplicationFailure.nonRetryable(error.message, failures.analysisUnavailable);
        if (error instanceof ReportBuildError) throw ApplicationFailure.nonRetryable(error.message, failures.buildFailed);
        if (error instanceof ReportDeadlinePassedError) throw ApplicationFailure.nonRetryable(error.message, failures.deadlinePassed);
        throw error;
      }
    },
  };
}
