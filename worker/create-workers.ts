import { type ActivityInterceptorsFactory, NativeConnection, Worker } from '@temporalio/worker';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry/lib/worker';
import type { Activities } from '../activities';
import type { Config } from '../config/config';
import type { TaskQueue } from '../contracts/task-queues';
import { currentTracing, startTracing, workflowClientInterceptors } from '../infra/tracing';
import { taskQueues } from '../contracts/task-queues';
import { preloadModules, workflowInterceptorModules, workflowsPath } from './bundle-workflows';

export { installTemporalRuntime } from './temporal-runtime';

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
  // Explicit, because the SDK's default follows the heap limit: under a 200 MB limit
  // (docs/batches.md, "Memory") it would be about 30 and silently lower the 100 slots above to it.
  maxCachedWorkflows: 200,
};

/**
 * The monitor checks' queue (docs/monitoring.md, "Priority"): activities only (no workflow runs
 * there), few at a time — the bound is what keeps a fan-out's checks from competing with
 * interactive analyses for the CPU.
 */
const monitorChecksWorkerTuning = (slots: number, perSecond: number | undefined) => ({
  maxConcurrentActivityTaskExecutions: slots,
  maxConcurrentActivityTaskPolls: Math.min(2, slots),
  // Enforced by the server for the whole queue, so it holds however many workers poll it.
  ...(perSecond === undefined ? {} : { maxTaskQueueActivitiesPerSecond: perSecond }),
});

/** Every worker of the service, wherever it runs, is built the same way: same bundle, same activities. */
export async function createServiceWorker(options: {
  connection: NativeConnection;
  config: Config;
  activities: Activities;
  taskQueue: TaskQueue;
}): Promise<Worker> {
  const { config } = options;
  // A prebuilt bundle already holds the workflow interceptors (worker/bundle-workflows.ts).
  const prebuilt = Boolean(config.WORKFLOW_BUNDLE_PATH);
  const workflowSource = prebuilt
    ? { workflowBundle: { codePath: config.WORKFLOW_BUNDLE_PATH! } }
    : { workflowsPath, bundlerOptions: { preloadModules } };
  const tracing = currentTracing() ?? startTracing({ serviceName: 'entity-risk-worker', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  const activityInterceptors: ActivityInterceptorsFactory[] = tracing.enabled
    ? [
        (ctx) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
          outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
        }),
      ]
    : [];
  if (options.taskQueue === taskQueues.monitorChecks) {
    return Worker.create({
      connection: options.connection,
      namespace: config.TEMPORAL_NAMESPACE,
      taskQueue: options.taskQueue,
      activities: options.activities,
      interceptors: { activity: activityInterceptors },
      shutdownGraceTime: '20s',
      ...monitorChecksWorkerTuning(config.MONITOR_CHECK_CONCURRENCY, config.MONITOR_CHECKS_PER_SECOND),
    });
  }
  return Worker.create({
    connection: options.connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: options.taskQueue,
    activities: options.activities,
    ...workflowSource,
    interceptors: {
      ...(prebuilt ? {} : { workflowModules: workflowInterceptorModules }),
      activity: activityInterceptors,
      client: { workflow: workflowClientInterceptors() },
    },
    // Always registered: a traced start may reach a worker whose own tracing is off (its spans are then dropped).
    sinks: { exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) },
    shutdownGraceTime: '20s',
    ...(options.taskQueue === taskQueues.webhooks
      ? webhookWorkerTuning(config.WEBHOOK_WORKER_SLOTS)
      : options.taskQueue === taskQueues.analyses
        ? analysesWorkerTuning
        : {}),
  });
}
