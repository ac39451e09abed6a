import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createCleanCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { completedAnalysis, draftReport } from '../support/report-fixtures';
import { scrape, Sample, sumOf } from '../support/prometheus';
import { apiUrl, stackEnv } from '../support/stack';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(90_000);

const workerMetricsUrl = () => `http://127.0.0.1:${stackEnv().WORKER_METRICS_PORT}/metrics`;
const workerLog = () => readFileSync(path.join(process.env.TEST_DATA_DIR!, 'worker.log'), 'utf8');

/** Both processes: an analysis may run in the api's embedded worker or in the worker process. */
async function scrapeBoth(): Promise<{ api: Sample[]; worker: Sample[]; sum: (name: string, labels?: Record<string, string>) => number }> {
  const [api, worker] = await Promise.all([scrape(`${apiUrl()}/metrics`), scrape(workerMetricsUrl())]);
  return {
    api: api.samples,
    worker: worker.samples,
    sum: (name, labels) => sumOf(api.samples, name, labels) + sumOf(worker.samples, name, labels),
  };
}

async function eventually(probe: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('metrics: /metrics on the api and on the worker port', () => {
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await closeTestDb();
  });

  it('serves the Prometheus text format without a key, with the Temporal SDK metrics, on both processes', async () => {
    const api = await scrape(`${apiUrl()}/metrics`);
    const worker = await scrape(workerMetricsUrl());
    for (const scraped of [api, worker]) {
      expect(scraped.status).toBe(200);
      expect(scraped.contentType).toContain('text/plain');
      expect(scraped.text).toMatch(/^# TYPE entity_risk_analyses_total counter$/m);
      expect(scraped.text).toMatch(/^# TYPE process_cpu_seconds_total counter$/m);
      // The SDK's own metrics (Runtime Prometheus exporter), in seconds with _total counters.
      expect(scraped.text).toMatch(/^temporal_\w+/m);
    }
    expect(worker.text).toMatch(/^temporal_worker_start_total\{/m);
  });

  it('counts requests by route template and status, analyses by outcome and risk level, quota rejections', async () => {
    const before = await scrapeBoth();
    const { subject } = await createCleanCompany(testDb());
    const analysis = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(analysis.status).toBe(201);
    const risk = analysis.body.risk.risk_level as string;
    const broke = await createTestTenant({ quotas: { analyses: 0, adverse_media: 0, reports: 0 } });
    expect((await request('POST', '/analyses', { apiKey: broke.apiKey, body: { entity_id: subject.id } })).status).toBe(429);

    const after = await scrapeBoth();
    const routeLabels = { method: 'POST', route: '/analyses', status: '201' };
    expect(sumOf(after.api, 'entity_risk_http_requests_total', routeLabels)).toBe(
      sumOf(before.api, 'entity_risk_http_requests_total', routeLabels) + 1,
    );
    expect(sumOf(after.api, 'entity_risk_http_request_duration_seconds_count', routeLabels)).toBeGreaterThan(
      sumOf(before.api, 'entity_risk_http_request_duration_seconds_count', routeLabels),
    );
    // Route templates only: a uuid never becomes a label value.
    expect(after.api.some((s) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(s.labels.route ?? ''))).toBe(false);
    const completed = { mode: 'sync', outcome: 'completed', risk_level: risk };
    expect(after.sum('entity_risk_analyses_total', completed)).toBe(before.sum('entity_risk_analyses_total', completed) + 1);
    expect(after.sum('entity_risk_quota_rejections_total', { operation: 'analyses' })).toBe(
      before.sum('entity_risk_quota_rejections_total', { operation: 'analyses' }) + 1,
    );
  });

  it('counts delivery attempts and deliveries by outcome, and logs each failed attempt with its ids', async () => {
    receiver.respond('/metrics-ok', () => ({ status: 204 }));
    receiver.respond('/metrics-down', () => ({ status: 503 }));
    const hook = async (hookPath: string) => {
      const created = await request('POST', '/webhooks/endpoints', {
        apiKey: tenant.apiKey,
        body: { name: hookPath, url: receiver.url(hookPath), subscribed_events: ['webhook.test'] },
      });
      expect(created.status).toBe(201);
      receiver.setSecret(hookPath, created.body.secret);
      const sent = await request('POST', `/webhooks/endpoints/${created.body.uuid}/test`, { apiKey: tenant.apiKey });
      expect(sent.status).toBe(202);
      return { endpointUuid: created.body.uuid as string, eventUuid: sent.body.event_uuid as string };
    };
    const before = await scrapeBoth();
    await hook('/metrics-ok');
    const down = await hook('/metrics-down');
    await eventually(async () => {
      const now = await scrapeBoth();
      return (
        now.sum('entity_risk_webhook_deliveries_total', { outcome: 'succeeded' }) >
          before.sum('entity_risk_webhook_deliveries_total', { outcome: 'succeeded' }) &&
        now.sum('entity_risk_webhook_delivery_attempts_total', { outcome: 'failed' }) >
          before.sum('entity_risk_webhook_delivery_attempts_total', { outcome: 'failed' })
      );
    }, 'the delivery counters to move');

    await eventually(async () => workerLog().includes(down.eventUuid), 'the failed attempt log line');
    const line = workerLog()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'webhook delivery attempt failed' && l.event_uuid === down.eventUuid);
    expect(line).toMatchObject({ level: 40, endpoint_uuid: down.endpointUuid, attempt_number: 1, status_code: 503 });

    // The delivery to the failing endpoint ends failed (and its workflow with WebhookDeliveryFailed): counted once.
    await eventually(
      async () => (await request('GET', `/webhooks/webhook-events/${down.eventUuid}`, { apiKey: tenant.apiKey })).body.status === 'failed',
      'the delivery to end failed',
      60_000,
    );
    const after = await scrapeBoth();
    expect(after.sum('entity_risk_webhook_deliveries_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(
      before.sum('entity_risk_webhook_deliveries_total', { outcome: 'failed' }) + 1,
    );
    expect(after.sum('entity_risk_webhook_delivery_attempts_total', { outcome: 'failed' })).toBeGreaterThanOrEqual(
      before.sum('entity_risk_webhook_delivery_attempts_total', { outcome: 'failed' }) + 5,
    );
  });

  it('counts reports by type and outcome', async () => {
    const outcome = (samples: Sample[], name: string) => sumOf(samples, 'entity_risk_reports_total', { type: 'bcb_dossie', outcome: name });
    const before = (await scrape(`${apiUrl()}/metrics`)).samples;
    const report = await draftReport(tenant.apiKey, await completedAnalysis(tenant.apiKey), 'bcb_dossie');
    expect((await request('POST', `/reports/${report.uuid}/finalize`, { apiKey: tenant.apiKey })).status).toBe(200);
    expect((await request('POST', `/reports/${report.uuid}/void`, { apiKey: tenant.apiKey, body: { reason: 'métricas' } })).status).toBe(
      200,
    );
    const after = (await scrape(`${apiUrl()}/metrics`)).samples;
    // Other test files may report at the same time on the same api: at least this one is counted.
    for (const name of ['created', 'finalized', 'voided'])
      expect([name, outcome(after, name) >= outcome(before, name) + 1]).toEqual([name, true]);
  });

  it('reports the rows of completed imports by kind and outcome', async () => {
    const read = (samples: Sample[]) => sumOf(samples, 'entity_risk_import_rows', { kind: 'proceedings', outcome: 'read' });
    const before = read((await scrape(`${apiUrl()}/metrics`)).samples);
    await testDb()('import_runs').insert({
      kind: 'proceedings',
      file_name: 'metrics-test.jsonl',
      file_sha256: 'f'.repeat(64),
      status: 'completed',
      stats: JSON.stringify({ rows_read: 7, inserted: 5, updated: 1, rejected: 1 }),
    });
    expect(read((await scrape(`${apiUrl()}/metrics`)).samples)).toBe(before + 7);
  });
});
