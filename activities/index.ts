import type { ActivityDeps } from './activity-deps';
import { createAnalysisActivities } from './analysis-activities';
import { createAnalysisBatchActivities } from './analysis-batch-activities';
import { createCaseActivities } from './case-activities';
import { createGraphActivities } from './graph-activities';
import { createHousekeepingActivities } from './housekeeping-activities';
import { createMonitoringActivities } from './monitoring-activities';
import { createReportActivities } from './report-activities';
import { createScreeningActivities } from './screening-activities';
import { createWebhookActivities } from './webhook-activities';

export type { ActivityDeps } from './activity-deps';

/**
 * All activities, built from their dependencies: thin adapters from Temporal to the use cases.
 * Workflows type their proxies with these factories' return types and import them with
 * `import type` only.
 */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createWebhookActivities(deps),
    ...createScreeningActivities(deps),
    ...createAnalysisActivities(deps),
    ...createGraphActivities(deps),
    ...createReportActivities(deps),
    ...createHousekeepingActivities(deps),
    ...createCaseActivities(deps),
    ...createMonitoringActivities(deps),
    ...createAnalysisBatchActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
