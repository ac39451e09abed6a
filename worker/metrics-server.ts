import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../infra/logger';
import { metricsContentType, renderMetrics } from '../infra/metrics';

export type MetricsServer = { port: number | undefined; close: () => Promise<void> };

/**
 * The worker's own `GET /metrics` (it has no HTTP API): the service's counters of this process
 * plus the Temporal SDK's metrics. Port 0 picks a free one (tests). A port already taken is
 * logged as an error and the worker keeps working: metrics never stop deliveries.
 */
export function startMetricsServer(options: {
  host: string;
  port: number;
  logger: Logger;
  temporalSdkMetricsUrl?: string;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"not found"}');
      return;
    }
    renderMetrics(options.temporalSdkMetricsUrl).then(
      (text) => res.writeHead(200, { 'content-type': metricsContentType }).end(text),
      (error) => {
        options.logger.error({ err: error }, 'metrics rendering failed');
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"internal error"}');
      },
    );
  });
  return new Promise((resolve) => {
    server.once('error', (error) => {
      options.logger.error({ err: error, port: options.port }, 'worker metrics server could not listen; /metrics is not served');
      resolve({ port: undefined, close: async () => undefined });
    });
    server.listen(options.port, options.host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({ port, close: () => new Promise<void>((done) => server.close(() => done())) });
    });
  });
}
