import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPoisonedEntity } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(90_000);

const logOf = (name: 'api' | 'worker') => readFileSync(path.join(process.env.TEST_DATA_DIR!, `${name}.log`), 'utf8');
const entries = (name: 'api' | 'worker') =>
  logOf(name)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

async function eventually(probe: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('logs: JSON lines from every process, one line per failure with its ids, never a secret', () => {
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let secret: string;
  let failedEvent: string;
  let failedAnalysis: string;

  beforeAll(async () => {
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
    receiver.respond('/logs-down', () => ({ status: 500 }));
    // A failing delivery (logged by the worker) and a failing workflow (wherever it runs).
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'logs', url: receiver.url('/logs-down'), subscribed_events: ['webhook.test'] },
    });
    secret = endpoint.body.secret;
    failedEvent = (await request('POST', `/webhooks/endpoints/${endpoint.body.uuid}/test`, { apiKey: tenant.apiKey })).body.event_uuid;
    const poisoned = await createPoisonedEntity(testDb());
    failedAnalysis = (await request('POST', '/api/analyses', { apiKey: tenant.apiKey, body: { entity_id: poisoned.id } })).body
      .analysis_uuid;
    await eventually(() => logOf('worker').includes(failedEvent), 'the failed attempt line');
    await eventually(
      () =>
        [...entries('api'), ...entries('worker')].some((e) => e.msg === 'Workflow failed' && e.workflowId === `analysis-${failedAnalysis}`),
      'the failed workflow line',
    );
    // The delivery ends failed after its last attempt (WEBHOOK_RETRY_SCHEDULE 1s,2s,2s,3s in tests), and its workflow with it.
    await eventually(
      () => entries('worker').some((e) => e.msg === 'Workflow failed' && e.workflowId === `delivery-${failedEvent}`),
      'the failed delivery workflow line',
      60_000,
    );
  });
  afterAll(async () => {
    await receiver.close();
    await closeTestDb();
  });

  it("writes only JSON lines with level, time and message, the Temporal SDK's own lines included", () => {
    for (const name of ['api', 'worker'] as const) {
      const lines = logOf(name).split('\n').filter(Boolean);
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) {
        const entry = JSON.parse(line); // throws on a line that is not JSON
        expect([name, typeof entry.level, typeof entry.time, typeof entry.msg]).toEqual([name, 'number', 'string', 'string']);
      }
    }
    expect(entries('worker').some((e) => e.component === 'temporal-sdk' && e.msg === 'Worker state changed')).toBe(true);
  });

  it('leaves one line per failed delivery attempt with the event, endpoint and attempt', () => {
    const attempts = entries('worker').filter((e) => e.msg === 'webhook delivery attempt failed' && e.event_uuid === failedEvent);
    expect(attempts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(attempts.map((e) => e.attempt_number)).size).toBe(attempts.length); // one line per attempt
    expect(attempts[0]).toMatchObject({ endpoint_uuid: expect.any(String), attempt_number: 1, status_code: 500 });
  });

  it('leaves one line for a failed workflow with its workflow and run ids', () => {
    const failed = [...entries('api'), ...entries('worker')].filter(
      (e) => e.msg === 'Workflow failed' && e.workflowId === `analysis-${failedAnalysis}`,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      level: 40,
      workflowType: 'analysisWorkflow',
      runId: expect.any(String),
      err: expect.objectContaining({ message: expect.stringContaining('analysis failed') }),
    });
  });

  it('leaves, for a delivery that ends failed, one line per attempt, one "no attempt left" and one failed workflow line, no duplicates', () => {
    const all = [...entries('api'), ...entries('worker')];
    const attempts = all.filter((e) => e.msg === 'webhook delivery attempt failed' && e.event_uuid === failedEvent);
    expect(attempts.map((e) => e.attempt_number)).toEqual([1, 2, 3, 4, 5]);
    expect(attempts[4]).toMatchObject({ retry_in_ms: null, status_code: 500 });
    expect(all.filter((e) => e.msg === 'webhook delivery failed: no attempt left' && e.event_uuid === failedEvent)).toEqual([
      expect.objectContaining({ attempt_number: 5 }),
    ]);
    const workflow = all.filter((e) => e.msg === 'Workflow failed' && e.workflowId === `delivery-${failedEvent}`);
    expect(workflow).toHaveLength(1);
    expect(workflow[0]).toMatchObject({
      level: 40,
      workflowType: 'webhookDeliveryWorkflow',
      runId: expect.any(String),
      err: expect.objectContaining({ message: 'webhook delivery failed at attempt 5 (last status code 500)' }),
    });
  });

  it('never writes an API key, a webhook secret or the encryption key into either log', () => {
    const logs = `${logOf('api')}${logOf('worker')}`;
    const { WEBHOOK_ENCRYPTION_KEY } = stackEnv();
    for (const value of [tenant.apiKey, tenant.apiKey.slice(4, 30), secret, secret.slice(6, 30), WEBHOOK_ENCRYPTION_KEY])
      expect(logs).not.toContain(value);
  });
});
