import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createActivities } from '../activities';
import { loadConfigOrExit } from '../config/config';
import { createDb } from '../db/create-db';
import { taskQueues } from '../contracts/task-queues';
import { createLogger } from '../infra/logger';
import { createServiceWorker, installTemporalRuntime } from './create-workers';

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'worker', level: config.LOG_LEVEL });
  // A stop requested while the workers are still being created is honoured once they exist.
  let stopRequested: string | undefined;
  const early = (signal: string) => (stopRequested = signal);
  process.on('SIGTERM', early);
  process.on('SIGINT', early);
  installTemporalRuntime();

  const db = createDb(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX, applicationName: 'entity-risk-worker' });
  // One connection per process: the workers poll on it and the activities' client calls use it.
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const temporal = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const activities = createActivities({ db, config, logger, temporal });

  const workers = await Promise.all(Object.values(taskQueues).map((taskQueue) => createServiceWorker({ connection, config, activities, taskQueue })));
  logger.info({ taskQueues: Object.values(taskQueues) }, 'worker running');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Workers stop polling, let in-flight tasks finish (drain), then run() resolves.
    logger.info({ signal }, 'worker draining');
    for (const worker of workers) worker.shutdown();
  };
  process.off('SIGTERM', early);
  process.off('SIGINT', early);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  if (stopRequested) {
    // Nothing was polled yet: there is nothing to drain.
    logger.info({ signal: stopRequested }, 'worker draining');
    await Promise.allSettled([connection.close(), db.destroy()]);
    logger.info('worker stopped');
    return;
  }

  await Promise.all(workers.map((w) => w.run()));
  await Promise.allSettled([connection.close(), db.destroy()]);
  logger.info('worker stopped');
}

main().catch((error) => {
  process.stderr.write(`worker failed: ${error?.stack ?? error}\n`);
  process.exit(1);
});
