import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../config/config';
import type { Logger } from '../infra/logger';
import type { SyncRunBoard } from '../infra/sync-run-board';
import type { AnalysisSummary } from './analysis-run-support';
import { createWebhookActivities } from './webhook-activities';
import { createAdverseMediaActivities } from './adverse-media-activities';
import { createAnalysisActivities } from './analysis-activities';
import { createGraphActivities } from './graph-activities';

export type ActivityDeps = {
  db: Knex;
  config: Config;
  logger: Logger;
  /** For activities that start other workflows (e.g. a webhook delivery per event). */
  temporal: Client;
  /** In the api's embedded worker: where a sync analysis reports its outcome to the waiting request. */
  syncRuns?: SyncRunBoard<AnalysisSummary>;
};

/**
 * All activities, built from their dependencies. Workflows type their proxies with
 * `ReturnType<typeof createActivities>` and import this module with `import type` only.
 */
export function createActivities(_deps: ActivityDeps) {
  return {
    ...createWebhookActivities(_deps),
    ...createAdverseMediaActivities(_deps),
    ...createAnalysisActivities(_deps),
    ...createGraphActivities(_deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
