import type { Client } from '@temporalio/client';
import type { Knex } from 'knex';
import type { Config } from '../config/config';
import type { Logger } from '../infra/logger';
import type { SyncRunBoard } from '../infra/sync-run-board';
import type { AnalysisSummary } from '../activities/analysis-activities';

/** Everything a route handler may use; built once per process by api/server.ts or a test. */
export type AppDeps = {
  db: Knex;
  temporal: Client;
  config: Config;
  logger: Logger;
  /** Present when this process runs the embedded analyses worker (api/server.ts). */
  syncRuns?: SyncRunBoard<AnalysisSummary>;
};
