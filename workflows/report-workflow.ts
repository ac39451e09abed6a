import { proxyLocalActivities } from '@temporalio/workflow';
import type { createReportActivities } from '../activities/report-activities';
import { reportWorkflowContract, type ReportWorkflowInput, type ReportWorkflowResult } from '../contracts/report-workflow-contract';

const failures = reportWorkflowContract.failureTypes;

/*
 * One local activity: the whole generation is one short transaction (read the analysis, build
 * the sections, write the report and its revisions), so nothing is ever half-written. Retries
 * cover a lost connection; a missing analysis or an unrenderable one fails at once, and
 * POST /reports answers 500 with nothing persisted.
 */
const { generateReport } = proxyLocalActivities<ReturnType<typeof createReportActivities>>({
  startToCloseTimeout: '30s',
  scheduleToCloseTimeout: '60s',
  localRetryThreshold: '2 seconds',
  retry: {
    initialInterval: '200ms',
    backoffCoefficient: 2,
    maximumInterval: '5s',
    maximumAttempts: 4,
    nonRetryableErrorTypes: [failures.analysisUnavailable, failures.buildFailed],
  },
});

/** Generates one report (contracts/report-workflow-contract.ts); the report is readable once this returns. */
export async function reportWorkflow(input: ReportWorkflowInput): Promise<ReportWorkflowResult> {
  return generateReport(input);
}
