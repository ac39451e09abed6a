import { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createActivities } from '../activities';
import type { Config } from '../config/config';
import type { AnalysisSummary } from '../contracts/analysis-workflow-contract';
import { taskQueues } from '../contracts/task-queues';
import type { Logger } from '../infra/logger';
import { workflowClientInterceptors } from '../infra/tracing';
import type { SwitchableTemporalClient } from '../infra/temporal-client';
import type { SyncRunBoard } from '../usecases/analyses/support/sync-run-board';
import { createServiceWorker } from './create-workers';

export type EmbeddedWorker = {
  /** Drain the worker (in-flight tasks finish), then close its connection. Idempotent. */
  stop: () => Promise<void>;
};

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 15_000;
const STOP_WAIT_MS = 25_000;

/**
 * A worker for the `analyses` queue inside the api process, on a NativeConnection that the
 * api's client then uses too: the precondition of eager workflow start (the server returns the
 * first workflow task in the start response to this worker, skipping task matching).
 *
 * Temporal may be down when the api starts, or go away later: the api keeps serving on its lazy
 * client (502 / readiness 503) while this loop retries in the background with back-off. The
 * separate worker process keeps polling the same queue, so either can take any task.
 */
export function startEmbeddedAnalysisWorker(deps: {
  config: Config;
  logger: Logger;
  db: Knex;
  temporal: SwitchableTemporalClient;
  syncRuns: SyncRunBoard<AnalysisSummary>;
}): EmbeddedWorker {
  const { config, temporal } = deps;
  const logger = deps.logger.child({ component: 'embedded-worker', taskQueue: taskQueues.analyses });
  let stopping = false;
  let wake: () => void = () => undefined;
  const stopRequested = new Promise<void>((resolve) => (wake = resolve));

  async function runOnce(): Promise<void> {
    const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
    try {
      const client = new Client({
        connection,
        namespace: config.TEMPORAL_NAMESPACE,
        interceptors: { workflow: workflowClientInterceptors() },
      });
      const activities = createActivities({ db: deps.db, config, logger: deps.logger, temporal: temporal.client, syncRuns: deps.syncRuns });
      const worker: Worker = await createServiceWorker({ connection, config, activities, taskQueue: taskQueues.analyses });
      // runUntil shuts the worker down (stop polling, drain in-flight tasks) once stop is asked,
      // at once if it already was: a created worker must run before its connection can close.
      const running = worker.runUntil(stopRequested);
      temporal.use(client);
      logger.info('embedded analyses worker running; eager workflow start enabled');
      try {
        await running;
      } finally {
        temporal.useFallback();
      }
    } finally {
      await connection.close().catch(() => undefined);
    }
  }

  const loop = (async () => {
    let delay = RETRY_MIN_MS;
    while (!stopping) {
      const started = Date.now();
      try {
        await runOnce();
        if (stopping) break;
        logger.warn('embedded analyses worker stopped unexpectedly; restarting');
      } catch (error) {
        if (stopping) break;
        logger.warn({ err: { message: (error as Error)?.message } }, 'embedded analyses worker unavailable; retrying');
      }
      // A worker that ran for a while starts again quickly; repeated failures back off.
      delay = Date.now() - started > 60_000 ? RETRY_MIN_MS : Math.min(delay * 2, RETRY_MAX_MS);
      await Promise.race([new Promise((r) => setTimeout(r, delay).unref()), stopRequested]);
    }
  })();

  return {
    stop: async () => {
      stopping = true;
      wake();
      // Draining is bounded by the worker's shutdownGraceTime; a connect attempt stuck on an
      // unreachable address is not worth waiting for.
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = await Promise.race([
        loop.then(() => false),
        new Promise<boolean>((r) => (timer = setTimeout(() => r(true), STOP_WAIT_MS))),
      ]);
      clearTimeout(timer);
      logger.info(gaveUp ? 'embedded analyses worker did not stop in time' : 'embedded analyses worker stopped');
    },
  };
}
