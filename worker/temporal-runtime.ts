import net from 'node:net';
import { DefaultLogger, type LogEntry, type LogLevel, makeTelemetryFilterString, Runtime } from '@temporalio/worker';
import type { Logger } from '../infra/logger';

const pinoLevels: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** The SDK's lines as JSON lines of the process logger; an `error` in the meta becomes pino's `err`. */
function toPino(sdk: Logger, entry: LogEntry): void {
  const { error, ...meta } = (entry.meta ?? {}) as Record<string, unknown>;
  sdk[pinoLevels[entry.level]](error === undefined ? meta : { ...meta, err: error }, entry.message);
}

function sdkLevel(level: string | undefined): LogLevel {
  if (level === 'trace') return 'TRACE';
  if (level === 'debug') return 'DEBUG';
  if (level === 'warn') return 'WARN';
  if (level === 'error' || level === 'fatal' || level === 'silent') return 'ERROR';
  return 'INFO';
}

/** A loopback port nobody listens on (bound and released at once). */
function findFreeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type TemporalRuntimeOptions = {
  /** Where the SDK's Prometheus exporter listens; default: a free loopback port, proxied by our /metrics. */
  metricsPort?: number;
};

/**
 * The SDK runtime is process-wide and must be installed before the first NativeConnection.
 * - Logs: with a pino logger the SDK's own lines (worker state, "Workflow failed" with its ids,
 *   workflow `log` calls) and the native core's warnings become JSON lines of that logger.
 * - Metrics: the Runtime's Prometheus exporter (names `temporal_…`, seconds, `_total` counters)
 *   on `127.0.0.1:<port>`; the process's `/metrics` appends them (infra/metrics.ts renderMetrics).
 * Returns the URL of the SDK's exposition, or undefined when no exporter was installed.
 */
export async function installTemporalRuntime(logger?: Logger, options: TemporalRuntimeOptions = {}): Promise<string | undefined> {
  const filter = makeTelemetryFilterString({ core: 'WARN' });
  if (!logger) {
    Runtime.install({ telemetryOptions: { logging: { filter } } });
    return undefined;
  }
  const sdk = logger.child({ component: 'temporal-sdk' });
  // A free port found here can be taken by another process before the SDK binds it: try again.
  for (let attempt = 1; ; attempt++) {
    const port = options.metricsPort || (await findFreeLoopbackPort());
    const bindAddress = `127.0.0.1:${port}`;
    try {
      Runtime.install({
        logger: new DefaultLogger(sdkLevel(logger.level), (entry) => toPino(sdk, entry)),
        telemetryOptions: {
          // Core's own lines (e.g. "workflow task duration exceeded 5 seconds" on a loaded machine)
          // forwarded too: otherwise they reach stderr in ANSI colour, breaking the JSON log stream.
          logging: { filter, forward: {} },
          metrics: { prometheus: { bindAddress, countersTotalSuffix: true, unitSuffix: true, useSecondsForDurations: true } },
        },
      });
      return `http://${bindAddress}/metrics`;
    } catch (error) {
      if (options.metricsPort || attempt >= 3) throw error;
    }
  }
}
