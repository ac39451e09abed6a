import http from 'node:http';
import { loadConfigOrExit } from '../config/config';
import { createDb } from '../db/create-db';
import type { AnalysisSummary } from '../contracts/analysis-workflow-contract';
import { createLogger } from '../infra/logger';
import { collectProcessMetrics } from '../infra/metrics';
import { startTracing } from '../infra/tracing';
import { createSwitchableTemporalClient } from '../infra/temporal-client';
import { createSyncRunBoard, type SyncRunBoard } from '../usecases/analyses/support/sync-run-board';
import { type EmbeddedWorker, startEmbeddedAnalysisWorker } from '../worker/embedded-worker';
import { startMetricsServer } from '../worker/metrics-server';
import { installTemporalRuntime } from '../worker/temporal-runtime';
import { createApp } from './create-app';
import { REQUEST_HEAD_MAX_BYTES } from './edge/request-head';
import { registerImportRowsGauge } from './resources/metrics/metrics-routes';

const bootLogger = createLogger({ name: 'api' });

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger({ name: 'api', level: config.LOG_LEVEL });
  // Before the Temporal client exists: its interceptors carry the trace context into workflows.
  const tracing = startTracing({ serviceName: 'entity-risk-api', endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
  collectProcessMetrics();
  const db = createDb(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX, applicationName: 'entity-risk-api' });
  // Starts on a lazy connection (the api answers even while Temporal is down); the embedded
  // worker switches it to its NativeConnection once running, which enables eager start.
  const temporal = createSwitchableTemporalClient({ address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE });
  let embedded: EmbeddedWorker | undefined;
  let syncRuns: SyncRunBoard<AnalysisSummary> | undefined;
  let temporalSdkMetricsUrl: string | undefined;
  if (config.API_EMBEDDED_ANALYSIS_WORKER) {
    temporalSdkMetricsUrl = await installTemporalRuntime(logger, { metricsPort: config.TEMPORAL_SDK_METRICS_PORT });
    // Sync analyses that run in the embedded worker report their outcome here, in process.
    syncRuns = createSyncRunBoard<AnalysisSummary>();
    embedded = startEmbeddedAnalysisWorker({ config, logger, db, temporal, syncRuns });
  }
  registerImportRowsGauge(db);
  const app = createApp({ db, temporal: temporal.client, config, logger, syncRuns, temporalSdkMetricsUrl });
  // Metrics on a port of their own when asked (then /metrics on PORT answers 404).
  const metricsServer = config.API_METRICS_PORT
    ? await startMetricsServer({ host: config.HOST, port: config.API_METRICS_PORT, logger, temporalSdkMetricsUrl })
    : undefined;

  // Koa's handler settles every request itself (errors go to ctx.onerror): Node's server ignores what it returns.
  const handleRequest = app.callback();
  const server = http.createServer({ maxHeaderSize: REQUEST_HEAD_MAX_BYTES }, (request, response) => void handleRequest(request, response));
  server.keepAliveTimeout = 65_000;
  server.listen(config.PORT, config.HOST, () =>
    logger.info(
      { port: config.PORT, host: config.HOST, metrics_port: metricsServer?.port ?? config.PORT, tracing: tracing.enabled },
      'api listening',
    ),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api shutting down: finishing in-flight requests');
    // close() stops accepting and resolves when in-flight requests are done; idle keep-alive
    // sockets would hold it open, so they are closed at once.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const deadline = setTimeout(() => server.closeAllConnections(), 25_000);
    await closed;
    clearTimeout(deadline);
    // Only now: in-flight sync analyses may be running in the embedded worker. Its drain lets
    // started tasks finish; the worker process takes whatever is left on the queue.
    await embedded?.stop();
    await Promise.allSettled([db.destroy(), temporal.fallback.connection.close(), metricsServer?.close(), tracing.shutdown()]);
    logger.info('api stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error) => {
  bootLogger.fatal({ err: error }, 'api failed to start');
  process.exit(1);
});
