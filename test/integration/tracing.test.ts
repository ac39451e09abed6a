import { randomBytes } from 'node:crypto';
import { createCleanCompany } from '../../support/entity-fixtures';
import { OtlpReceiver, ReceivedSpan, startOtlpReceiver } from '../support/otlp-receiver';
import { ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';
import { waitFor } from '../support/wait-for';

jest.setTimeout(240_000);

/** The span's ancestors up to the root, by span id, within the spans received. */
function ancestry(span: ReceivedSpan, spans: ReceivedSpan[]): string[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: string[] = [];
  for (let parent = span.parentSpanId; parent; parent = byId.get(parent)?.parentSpanId ?? '') {
    chain.push(parent);
    if (!byId.has(parent)) break;
  }
  return chain;
}

async function waitForSpans(receiver: OtlpReceiver, traceId: string, names: string[], timeoutMs = 60_000): Promise<ReceivedSpan[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const spans = receiver.spans().filter((s) => s.traceId === traceId);
    if (names.every((n) => spans.some((s) => s.name === n))) return spans;
    if (Date.now() > deadline)
      throw new Error(
        `trace ${traceId}: missing ${names.filter((n) => !spans.some((s) => s.name === n)).join(', ')}; got ${spans.map((s) => s.name).join(', ')}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}

const SPAN_KIND_CLIENT = 3;

const receivedSpans = (receiver: OtlpReceiver, traceId: string) => receiver.spans().filter((s) => s.traceId === traceId);

/** The trace's Postgres spans, once one descends from each of `under` (span ids). */
async function waitForPostgresSpans(receiver: OtlpReceiver, traceId: string, under: string[]): Promise<ReceivedSpan[]> {
  return waitFor(
    `Postgres spans under each of ${under.join(', ')} in trace ${traceId}`,
    async () => {
      const spans = receivedSpans(receiver, traceId);
      const postgres = spans.filter((s) => s.attributes['db.system'] === 'postgresql' && s.name.startsWith('pg.query'));
      return under.every((parent) => postgres.some((s) => ancestry(s, spans).includes(parent))) ? postgres : undefined;
    },
    60_000,
  );
}

describe('tracing: one trace from the HTTP request through Temporal to the activities, down to Postgres and the outgoing HTTP (OTLP/HTTP)', () => {
  let otlp: OtlpReceiver;
  let hooks: WebhookReceiver;
  let tenant: TestTenant;
  let api: ExtraProcess & { url: string };
  const started: ExtraProcess[] = [];

  beforeAll(async () => {
    otlp = await startOtlpReceiver();
    hooks = await startWebhookReceiver();
    tenant = await createTestTenant();
    // Own api and worker in their own namespace, exporting to the receiver; spans flushed quickly.
    const env = { TEMPORAL_NAMESPACE: 'observability', OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
    const worker = await startExtraWorker(env);
    started.push(worker);
    await worker.waitForLine(/worker running/, 120_000);
    api = await startExtraApi(env);
    started.push(api);
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.stop(20_000);
    await Promise.all([otlp.close(), hooks.close()]);
    await closeTestDb();
  });

  it("continues the caller's traceparent through the sync analysis workflow and its activity", async () => {
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const { subject } = await createCleanCompany(testDb());
    const response = await httpJson(api.url, 'POST', '/analyses', {
      apiKey: tenant.apiKey,
      body: { entity_id: subject.id },
      headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
    });
    expect(response.status).toBe(201);

    const names = [
      'POST /analyses',
      'StartWorkflow:analysisWorkflow',
      'RunWorkflow:analysisWorkflow',
      'StartActivity:runAnalysis',
      'RunActivity:runAnalysis',
    ];
    const spans = await waitForSpans(otlp, traceId, names);
    const server = spans.find((s) => s.name === 'POST /analyses')!;
    expect(server.parentSpanId).toBe(callerSpanId);
    expect(server.attributes['http.route']).toBe('/analyses');
    expect(server.attributes['http.response.status_code']).toBe(201);
    // Every span of the chain descends from the request's span: one trace, no orphans.
    for (const name of names.slice(1)) {
      expect(
        ancestry(
          spans.find((s) => s.name === name)!,
          spans,
        ),
      ).toContain(server.spanId);
    }
    const run = spans.find((s) => s.name === 'RunActivity:runAnalysis')!;
    expect(ancestry(run, spans)).toContain(spans.find((s) => s.name === 'RunWorkflow:analysisWorkflow')!.spanId);

    // Postgres statements in the same trace: in the api under the request, in the worker under
    // the activity; each names its statement, with placeholders, never the values.
    const postgres = await waitForPostgresSpans(otlp, traceId, [server.spanId, run.spanId]);
    expect(postgres.map((s) => s.service).sort()).toEqual(expect.arrayContaining(['entity-risk-api', 'entity-risk-worker']));
    for (const span of postgres) {
      // A statement's verb, or the name of a prepared statement (the watchlist retrieval's).
      expect(span.name).toMatch(/^pg\.query:([A-Z]+|[a-z][\w.-]*)\b/);
      expect(span.attributes['db.statement']).toEqual(expect.any(String));
      expect(span.attributes).not.toHaveProperty('db.postgresql.values');
      expect(String(span.attributes['db.statement'])).not.toContain(tenant.apiKey);
    }
    expect(postgres.some((s) => /\$1/.test(String(s.attributes['db.statement'])))).toBe(true);
  });

  it("follows a request into the worker process: the test event's delivery workflow and its attempt", async () => {
    hooks.respond('/traced', () => ({ status: 204 }));
    const created = await httpJson(api.url, 'POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'traced', url: hooks.url('/traced'), subscribed_events: ['webhook.test'] },
    });
    expect(created.status).toBe(201);
    const traceId = randomBytes(16).toString('hex');
    const sent = await httpJson(api.url, 'POST', `/webhooks/endpoints/${created.body.uuid}/test`, {
      apiKey: tenant.apiKey,
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(sent.status).toBe(202);

    const spans = await waitForSpans(otlp, traceId, [
      'POST /webhooks/endpoints/:endpoint_uuid/test',
      'RunWorkflow:webhookDeliveryWorkflow',
      'RunActivity:attemptWebhookDelivery',
    ]);
    const server = spans.find((s) => s.name.startsWith('POST '))!;
    const attempt = spans.find((s) => s.name === 'RunActivity:attemptWebhookDelivery')!;
    expect(server.service).toBe('entity-risk-api');
    expect(attempt.service).toBe('entity-risk-worker'); // only the worker process polls the webhooks queue
    expect(ancestry(attempt, spans)).toContain(server.spanId);

    // The delivery's own HTTP request, a client span under the attempt, to the endpoint's URL.
    const outgoing = await waitFor(
      "the delivery's HTTP client span",
      async () =>
        receivedSpans(otlp, traceId).find(
          (s) => s.kind === SPAN_KIND_CLIENT && String(s.attributes['http.url'] ?? s.attributes['url.full'] ?? '').includes('/traced'),
        ),
      60_000,
    );
    expect(outgoing.service).toBe('entity-risk-worker');
    expect(outgoing.name).toMatch(/^POST/);
    expect(ancestry(outgoing, receivedSpans(otlp, traceId))).toContain(attempt.spanId);
  });
});
