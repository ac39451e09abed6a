import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createActivities } from '../activities';
import { loadConfigOrExit } from '../config/config';
import { createDb } from '../db/create-db';
import { taskQueues } from '../contracts/task-queues';
import { createLogger } from '../infra/logger';
import { collectProcessMetrics } from '../infra/metrics';
import { startTracing, workflowClientInterceptors } from '../infra/tracing';
import { createServiceWorker } from './create-workers';
import { startMetricsServer } from './metrics-server';
import { ensureServiceSchedules } from './service-schedules';
import { installTemporalRuntime } from './temporal-runtime';

const bootLogger = createLogger({ name: 'worker' });

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'worker', level: config.LOG_LEVEL });
  // A stop requested while the workers are still being created is honoured once they exist.
  let stopRequested: string | undefined;
  const early = (signal: string) => (stopRequested = signal);
  process.on('SIGTERM', early);
  process.on('SIGINT', early);
  const tracing = startTracing({ serviceName: 'entity-risk-worker', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const temporalSdkMetricsUrl = await installTemporalRuntime(logger, { metricsPort: config.TEMPORAL_SDK_METRICS_PORT });
  collectProcessMetrics();
  const metrics = await startMetricsServer({ host: config.HOST, port: config.WORKER_METRICS_PORT, logger, temporalSdkMetricsUrl });

  const db = createDb(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX, applicationName: 'entity-risk-worker' });
  // One connection per process: the workers poll on it and the activities' client calls use it.
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const temporal = new Client({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    interceptors: { workflow: workflowClientInterceptors() },
  });
  const activities = createActivities({ db, config, logger, temporal });

  await ensureServiceSchedules(temporal, config, logger);
  const workers = await Promise.all(
    Object.values(taskQueues).map((taskQueue) => createServiceWorker({ connection, config, activities, taskQueue })),
  );
  logger.info({ taskQueues: Object.values(taskQueues), metrics_port: metrics.port, tracing: tracing.enabled }, 'worker running');

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
    await Promise.allSettled([connection.close(), db.destroy(), metrics.close(), tracing.shutdown()]);
    logger.info('worker stopped');
    return;
  }

  await Promise.all(workers.map((w) => w.run()));
  await Promise.allSettled([connection.close(), db.destroy(), metrics.close(), tracing.shutdown()]);
  logger.info('worker stopped');
}

main().catch((error) => {
  bootLogger.fatal({ err: error }, 'worker failed');
  process.exit(1);
});
