import { DefaultLogger, LogLevel, makeTelemetryFilterString, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { Activities } from '../activities';
import type { Config } from '../config/config';
import type { TaskQueue } from '../contracts/task-queues';
import type { Logger } from '../infra/logger';
import { taskQueues } from '../contracts/task-queues';
import { workflowsPath } from './bundle-workflows';

/**
 * The SDK runtime is process-wide and must be installed before the first NativeConnection.
 * With a pino logger the SDK's own lines become JSON lines of that logger (the api's log is
 * JSON only); without one they keep the SDK's plain format (the worker process).
 */
export function installTemporalRuntime(logger?: Logger): void {
  const filter = makeTelemetryFilterString({ core: 'WARN' });
  if (!logger) {
    Runtime.install({ telemetryOptions: { logging: { filter } } });
    return;
  }
  const sdk = logger.child({ component: 'temporal-sdk' });
  const levels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' };
  Runtime.install({
    logger: new DefaultLogger('INFO', (entry) => sdk[levels[entry.level]](entry.meta ?? {}, entry.message)),
    telemetryOptions: { logging: { filter } },
  });
}

/**
 * Webhook deliveries are one-task workflows whose first attempt is a local activity holding the
 * workflow task slot for the HTTP round trip: many slots, and most pollers on the normal queue
 * (the sticky queue only sees retries). Measured in docs/webhooks.md (Benchmark).
 */
const webhookWorkerTuning = (slots: number) => ({
  maxConcurrentWorkflowTaskExecutions: slots,
  maxConcurrentLocalActivityExecutions: slots,
  maxConcurrentWorkflowTaskPolls: Math.min(32, slots),
  nonStickyToStickyPollRatio: 0.75,
});

/**
 * A sync analysis holds a workflow task slot from its eager start until its workflow task
 * completes, its local activity included, and the pollers hold slots too. With the SDK's 40,
 * 16 concurrent sync callers sometimes found none free: the start then falls back to task
 * matching (possibly to another worker) and lands in the latency tail (7 % of starts in the
 * analyses bench). Slots only bound concurrency: the CPU is what limits throughput here.
 */
const analysesWorkerTuning = {
  maxConcurrentWorkflowTaskExecutions: 100,
  maxConcurrentLocalActivityExecutions: 100,
};

/** Every worker of the service, wherever it runs, is built the same way: same bundle, same activities. */
export async function createServiceWorker(options: {
  connection: NativeConnection;
  config: Config;
  activities: Activities;
  taskQueue: TaskQueue;
}): Promise<Worker> {
  const { config } = options;
  const workflowSource = config.WORKFLOW_BUNDLE_PATH ? { workflowBundle: { codePath: config.WORKFLOW_BUNDLE_PATH } } : { workflowsPath };
  return Worker.create({
    connection: options.connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: options.taskQueue,
    activities: options.activities,
    ...workflowSource,
    shutdownGraceTime: '20s',
    ...(options.taskQueue === taskQueues.webhooks ? webhookWorkerTuning(config.WEBHOOK_WORKER_SLOTS) : options.taskQueue === taskQueues.analyses ? analysesWorkerTuning : {}),
  });
}
