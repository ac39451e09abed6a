import type { Knex } from 'knex';
import { Gauge } from 'prom-client';
import { z } from 'zod';
import { sumImportedRows } from '../../../db/repositories/entities/import-run-repository';
import { RouteNotFoundError } from '../../../domain/errors';
import { metricsContentType, metricsRegistry, renderMetrics } from '../../../infra/metrics';
import { defineRoute } from '../../edge/routing';

let importRowsGauge: Gauge<'kind' | 'outcome'> | undefined;

/**
 * Imports run in the ops CLI, a short-lived process nobody scrapes; their counts are in
 * import_runs, so the api reports them at scrape time.
 */
export function registerImportRowsGauge(db: Knex): void {
  if (importRowsGauge) return;
  importRowsGauge = new Gauge({
    name: 'entity_risk_import_rows',
    help: 'Rows of completed imports recorded in import_runs, by kind (cnpj, pep, ceis, …) and outcome (read, inserted, updated, rejected)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [metricsRegistry],
    async collect() {
      const rows = await sumImportedRows(db).catch(() => []);
      this.reset();
      for (const row of rows) {
        for (const outcome of ['read', 'inserted', 'updated', 'rejected'] as const) this.set({ kind: row.kind, outcome }, row[outcome]);
      }
    },
  });
}

const exampleExposition = `# HELP entity_risk_http_requests_total HTTP requests answered, by method, route template and status code
# TYPE entity_risk_http_requests_total counter
entity_risk_http_requests_total{method="POST",route="/analyses",status="201"} 42
`;

export const metricsRoutes = [
  defineRoute({
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    summary: 'Prometheus metrics of this api process',
    description:
      "The Prometheus text exposition: requests by route template and status, analyses by outcome and risk level, quota rejections, import rows, process metrics and the Temporal SDK's own `temporal_*` metrics. No key is needed; with `API_METRICS_PORT` set it is served on that port only (404 here).",
    tags: ['operations'],
    auth: 'public',
    responses: {
      200: {
        description: 'metrics in the Prometheus text format',
        schema: z.string().meta({ examples: [exampleExposition] }),
        contentType: 'text/plain',
      },
    },
    handler: async ({ deps }) => {
      if (deps.config.API_METRICS_PORT) throw new RouteNotFoundError();
      return { status: 200, body: await renderMetrics(deps.temporalSdkMetricsUrl), headers: { 'Content-Type': metricsContentType } };
    },
  }),
];
