import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { Webhook } from 'standardwebhooks';
import { publishWebhookEvent } from '../../usecases/webhooks/publish-webhook-event';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { deliveryWorkflowId } from '../../contracts/webhook-delivery-workflow-contract';
import { request } from '../support/http';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { Answer, startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(90_000);

async function waitForEvent(apiKey: string, uuid: string, status: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < deadline) {
    last = (await request('GET', `/webhooks/webhook-events/${uuid}`, { apiKey })).body;
    if (last?.status === status) return last;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`event ${uuid} did not become ${status}: ${JSON.stringify(last)}`);
}

describe('webhook deliveries: signed, retried, logged', () => {
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let temporal: Client;
  const secrets: string[] = [];
  let hookCount = 0;

  /** An endpoint on the receiver at its own path, with the receiver verifying its secret. */
  async function endpoint(subscribed: string[] = ['webhook.test'], owner: TestTenant = tenant) {
    const hookPath = `/hooks/${++hookCount}`;
    const created = await request('POST', '/webhooks/endpoints', {
      apiKey: owner.apiKey,
      body: { name: hookPath, url: receiver.url(hookPath), subscribed_events: subscribed },
    });
    expect(created.status).toBe(201);
    receiver.setSecret(hookPath, created.body.secret);
    secrets.push(created.body.secret);
    return { uuid: created.body.uuid as string, secret: created.body.secret as string, path: hookPath };
  }

  async function sendTest(endpointUuid: string): Promise<string> {
    const response = await request('POST', `/webhooks/endpoints/${endpointUuid}/test`, { apiKey: tenant.apiKey });
    expect(response.status).toBe(202);
    return response.body.event_uuid;
  }

  beforeAll(async () => {
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
    temporal = await testTemporalClient();
  });
  afterAll(async () => {
    await receiver.close();
    await temporal.connection.close();
    await closeTestDb();
  });

  it('delivers webhook.test now, signed so that standardwebhooks verifies it, and logs the attempt', async () => {
    const hook = await endpoint();
    const eventUuid = await sendTest(hook.uuid);
    const event = await waitForEvent(tenant.apiKey, eventUuid, 'succeeded');
    const [delivery] = receiver.deliveries(hook.path);
    expect(delivery).toMatchObject({ id: eventUuid, verified: true, status: 204 });
    expect(delivery.payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: expect.objectContaining({ endpoint_uuid: hook.uuid }),
    });
    expect(Math.abs(delivery.timestamp - Date.now() / 1000)).toBeLessThan(30);
    expect(JSON.parse(delivery.body)).toEqual(event.payload);
    expect(event).toMatchObject({ endpoint_uuid: hook.uuid, type: 'webhook.test', attempt_count: 1, delivered_at: expect.any(String) });
    expect(event.attempts).toEqual([
      {
        attempt_number: 1,
        started_at: expect.any(String),
        status_code: 204,
        duration_ms: expect.any(Number),
        error: null,
        response_body: null,
      },
    ]);
    const detail = (await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body;
    expect(detail.last_success_at).not.toBeNull();
    const listed = await request('GET', `/webhooks/webhook-events?endpoint_uuid=${hook.uuid}&type=webhook.test&status=succeeded`, {
      apiKey: tenant.apiKey,
    });
    expect(listed.body.items.map((e: any) => e.uuid)).toEqual([eventUuid]);
  });

  it('after a rotation signs with both secrets for the overlap, new first; after it only the new one; a second rotation drops the oldest', async () => {
    const hook = await endpoint();
    const rotate = async () => {
      const rotated = await request('POST', `/webhooks/endpoints/${hook.uuid}/rotate-secret`, { apiKey: tenant.apiKey });
      expect(rotated.status).toBe(200);
      secrets.push(rotated.body.secret);
      receiver.setSecret(hook.path, rotated.body.secret);
      return rotated.body;
    };
    const deliver = async () => {
      const eventUuid = await sendTest(hook.uuid);
      await waitForEvent(tenant.apiKey, eventUuid, 'succeeded');
      const d = receiver.deliveries(hook.path).find((x) => x.id === eventUuid)!;
      const headers = { 'webhook-id': d.id, 'webhook-timestamp': String(d.timestamp), 'webhook-signature': d.signature };
      return {
        signatures: d.signature.split(' '),
        verifiesWith: (secret: string) => {
          try {
            return JSON.stringify(new Webhook(secret).verify(d.body, headers)) === JSON.stringify(d.payload);
          } catch {
            return false;
          }
        },
      };
    };

    const first = await rotate();
    const hoursLeft = (new Date(first.previous_secret_expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const during = await deliver();
    expect(during.signatures).toHaveLength(2);
    // The standardwebhooks library verifies the one delivery with the old and with the new secret.
    expect([during.verifiesWith(hook.secret), during.verifiesWith(first.secret)]).toEqual([true, true]);
    expect((await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body.previous_secret_expires_at).toBe(
      first.previous_secret_expires_at,
    );

    // The window ends (the stored expiry moved, not 24 hours slept): only the new secret signs.
    await testDb()('webhook_endpoints')
      .where({ uuid: hook.uuid })
      .update({ previous_secret_expires_at: testDb().raw(`now() - interval '1 second'`) });
    const after = await deliver();
    expect(after.signatures).toHaveLength(1);
    expect([after.verifiesWith(hook.secret), after.verifiesWith(first.secret)]).toEqual([false, true]);
    expect(
      (await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body.previous_secret_expires_at,
    ).toBeNull();

    // Two rotations inside one window: the newest two sign, the oldest is dropped.
    const second = await rotate();
    const third = await rotate();
    const twice = await deliver();
    expect(twice.signatures).toHaveLength(2);
    expect([third, second, first].map((s) => twice.verifiesWith(s.secret))).toEqual([true, true, false]);
  });

  it('retries non-2xx, timeouts and redirects with the same id and a fresh timestamp, honouring Retry-After', async () => {
    const hook = await endpoint();
    const answers: Answer[] = [
      { status: 500, body: 'x'.repeat(10_000) },
      { status: 302, headers: { Location: receiver.url('/elsewhere') } },
      { status: 503, headers: { 'Retry-After': '3' } },
      { status: 200, body: 'ok' },
    ];
    receiver.respond(hook.path, (_d, i) => answers[Math.min(i, answers.length - 1)]);
    const eventUuid = await sendTest(hook.uuid);
    const event = await waitForEvent(tenant.apiKey, eventUuid, 'succeeded', 40_000);
    const deliveries = receiver.deliveries(hook.path);
    expect(deliveries).toHaveLength(4);
    expect(receiver.deliveries('/elsewhere')).toHaveLength(0);
    expect(new Set(deliveries.map((d) => d.id))).toEqual(new Set([eventUuid]));
    expect(deliveries.every((d) => d.verified)).toBe(true);
    // A fresh timestamp on every attempt: the second it was sent in (two attempts less than a second
    // apart may share one, and so their signature), never the first attempt's.
    for (const d of deliveries) expect(Math.abs(d.receivedAt / 1000 - d.timestamp)).toBeLessThanOrEqual(2);
    expect(deliveries[3].timestamp).toBeGreaterThan(deliveries[0].timestamp);
    // Retry-After: 3 beats the 2 s (±20 %) step of the schedule.
    expect(deliveries[3].receivedAt - deliveries[2].receivedAt).toBeGreaterThanOrEqual(2900);
    expect(event.attempts.map((a: any) => [a.attempt_number, a.status_code, a.error])).toEqual([
      [1, 500, null],
      [2, 302, 'redirect not followed'],
      [3, 503, null],
      [4, 200, null],
    ]);
    expect(event.attempts[0].response_body).toHaveLength(4096);
    expect(event.attempt_count).toBe(4);
    const detail = (await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body;
    expect(detail).toMatchObject({ consecutive_failures: 0, last_failure_at: expect.any(String), last_success_at: expect.any(String) });
  });

  it('marks an event failed when the schedule is spent; retry → 202 and a new delivery; 409 otherwise', async () => {
    const hook = await endpoint();
    let healthy = false;
    receiver.respond(hook.path, () => ({ status: healthy ? 204 : 500 }));
    const eventUuid = await sendTest(hook.uuid);
    const failed = await waitForEvent(tenant.apiKey, eventUuid, 'failed', 40_000);
    expect(failed.attempts).toHaveLength(5); // 1 + the 4 steps of WEBHOOK_RETRY_SCHEDULE=1s,2s,2s,3s
    expect((await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body.consecutive_failures).toBe(5);
    const failedList = await request('GET', `/webhooks/webhook-events?status=failed&endpoint_uuid=${hook.uuid}`, { apiKey: tenant.apiKey });
    expect(failedList.body.items.map((e: any) => e.uuid)).toEqual([eventUuid]);

    healthy = true;
    const retried = await request('POST', `/webhooks/webhook-events/${eventUuid}/retry`, { apiKey: tenant.apiKey });
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ uuid: eventUuid, status: 'pending' });
    const again = await request('POST', `/webhooks/webhook-events/${eventUuid}/retry`, { apiKey: tenant.apiKey });
    expect(again.status).toBe(409);
    const succeeded = await waitForEvent(tenant.apiKey, eventUuid, 'succeeded');
    expect(succeeded.attempts.map((a: any) => a.attempt_number)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(receiver.acknowledged(hook.path).get(eventUuid)).toBe(1);
    const afterSuccess = await request('POST', `/webhooks/webhook-events/${eventUuid}/retry`, { apiKey: tenant.apiKey });
    expect(afterSuccess.status).toBe(409);
    expect(afterSuccess.body.detail).toMatch(/succeeded/);
    const described = await temporal.workflow.getHandle(deliveryWorkflowId(eventUuid, 1)).describe();
    expect(described.status.name).toBe('COMPLETED');
    // One retry has someone waiting for it: interactive priority, the company as fairness key.
    expect(described.priority).toMatchObject({ priorityKey: 1, fairnessKey: tenant.companyUuid });
    // The first run, which ended with the event failed, failed in Temporal with the last status code.
    const failedRun = temporal.workflow.getHandle(deliveryWorkflowId(eventUuid));
    expect((await failedRun.describe()).status.name).toBe('FAILED');
    const failure = await failedRun.result().then(
      () => null,
      (error) => error.cause,
    );
    expect(failure).toMatchObject({
      type: 'WebhookDeliveryFailed',
      nonRetryable: true,
      message: 'webhook delivery failed at attempt 5 (last status code 500)',
      details: [{ lastStatusCode: 500 }],
    });
    const attributes = Object.fromEntries(described.typedSearchAttributes.getAll().map((p: any) => [p.key.name, p.value]));
    expect(attributes).toMatchObject({ CompanyUuid: tenant.companyUuid, WebhookEndpointUuid: hook.uuid, WebhookEventType: 'webhook.test' });
  });

  it('disables the endpoint on 410 Gone: the event fails at once, tests and retries answer 409', async () => {
    const hook = await endpoint();
    receiver.respond(hook.path, () => ({ status: 410 }));
    const eventUuid = await sendTest(hook.uuid);
    const failed = await waitForEvent(tenant.apiKey, eventUuid, 'failed');
    expect(failed.attempts).toHaveLength(1);
    const detail = (await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body;
    expect(detail).toMatchObject({ status: 'disabled', disabled_reason: 'endpoint answered 410 Gone' });
    expect((await request('POST', `/webhooks/endpoints/${hook.uuid}/test`, { apiKey: tenant.apiKey })).status).toBe(409);
    expect((await request('POST', `/webhooks/webhook-events/${eventUuid}/retry`, { apiKey: tenant.apiKey })).status).toBe(409);
    receiver.respond(hook.path, () => ({ status: 204 }));
    expect(
      (await request('PATCH', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey, body: { status: 'active' } })).body.status,
    ).toBe('active');
    expect((await request('POST', `/webhooks/webhook-events/${eventUuid}/retry`, { apiKey: tenant.apiKey })).status).toBe(202);
    await waitForEvent(tenant.apiKey, eventUuid, 'succeeded');
  });

  it('disables an endpoint failing for longer than WEBHOOK_DISABLE_AFTER_MS', async () => {
    const hook = await endpoint();
    receiver.respond(hook.path, () => ({ status: 500 }));
    await testDb()('webhook_endpoints')
      .where({ uuid: hook.uuid })
      .update({ first_failure_at: testDb().raw(`now() - interval '6 days'`), consecutive_failures: 40 });
    const eventUuid = await sendTest(hook.uuid);
    const failed = await waitForEvent(tenant.apiKey, eventUuid, 'failed');
    expect(failed.attempts).toHaveLength(1);
    const detail = (await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body;
    expect(detail.status).toBe('disabled');
    expect(detail.disabled_reason).toMatch(/^no successful delivery since /);
  });

  it('delivers once the receiver comes up after being down', async () => {
    const hookPath = '/late';
    const late = await startWebhookReceiver();
    const port = late.port;
    await late.close();
    const created = (
      await request('POST', '/webhooks/endpoints', {
        apiKey: tenant.apiKey,
        body: { name: 'late', url: `http://127.0.0.1:${port}${hookPath}`, subscribed_events: [] },
      })
    ).body;
    secrets.push(created.secret);
    const eventUuid = await sendTest(created.uuid);
    await new Promise((r) => setTimeout(r, 2500));
    const revived = await startWebhookReceiver({ port });
    revived.setSecret(hookPath, created.secret);
    try {
      const event = await waitForEvent(tenant.apiKey, eventUuid, 'succeeded', 30_000);
      expect(event.attempts[0].error).toBe('connection refused');
      expect(revived.deliveries(hookPath).map((d) => [d.id, d.verified])).toEqual([[eventUuid, true]]);
    } finally {
      await revived.close();
    }
  });

  it('skips the current wait when an operator signals retryNow', async () => {
    const hook = await endpoint();
    receiver.respond(hook.path, (_d, i) => (i === 0 ? { status: 503, headers: { 'Retry-After': '3600' } } : { status: 204 }));
    const eventUuid = await sendTest(hook.uuid);
    await receiver.waitFor(() => receiver.deliveries(hook.path).length === 1, 20_000, 'the first attempt');
    let waiting: any;
    do {
      waiting = await waitForEvent(tenant.apiKey, eventUuid, 'delivering');
    } while (waiting.next_attempt_at === null);
    expect(new Date(waiting.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    await temporal.workflow.getHandle(deliveryWorkflowId(eventUuid)).signal('retryNow');
    await waitForEvent(tenant.apiKey, eventUuid, 'succeeded', 15_000);
  });

  it('publishes to the explicit endpoint and subscribers, once each, idempotently, with client_reference', async () => {
    const own = await createTestTenant();
    const [explicit, subscriber, other] = [
      await endpoint([], own),
      await endpoint(['analysis.completed'], own),
      await endpoint(['adverse_media.completed'], own),
    ];
    const paused = await endpoint(['analysis.completed'], own);
    await request('PATCH', `/webhooks/endpoints/${paused.uuid}`, { apiKey: own.apiKey, body: { status: 'paused' } });
    const foreign = await endpoint(['analysis.completed']);
    const input = {
      companyId: own.companyId,
      type: 'analysis.completed',
      data: { analysis_uuid: 'a-1', client_reference: 'ref-42' },
      explicitEndpointUuid: explicit.uuid,
      idempotencyKey: 'analysis-a-1-completed',
    };
    const first = await publishWebhookEvent({ db: testDb(), temporal }, SYSTEM_ACTOR, input);
    expect(first.eventUuids).toHaveLength(2);
    const again = await publishWebhookEvent({ db: testDb(), temporal }, SYSTEM_ACTOR, { ...input, explicitEndpointUuid: subscriber.uuid });
    expect(again.eventUuids).toEqual(first.eventUuids);
    const alsoSubscriber = await publishWebhookEvent({ db: testDb(), temporal }, SYSTEM_ACTOR, {
      ...input,
      idempotencyKey: 'k2',
      explicitEndpointUuid: subscriber.uuid,
    });
    expect(alsoSubscriber.eventUuids).toHaveLength(1);
    // Another company's endpoint named explicitly is ignored; the subscriber still gets the event.
    const foreignExplicit = await publishWebhookEvent({ db: testDb(), temporal }, SYSTEM_ACTOR, {
      ...input,
      idempotencyKey: 'k3',
      explicitEndpointUuid: foreign.uuid,
    });
    expect(foreignExplicit.eventUuids).toHaveLength(1);

    await receiver.waitFor(
      () => receiver.acknowledged(explicit.path).size === 1 && receiver.acknowledged(subscriber.path).size === 3,
      20_000,
      'deliveries',
    );
    expect([...receiver.acknowledged(subscriber.path).keys()]).toContain(foreignExplicit.eventUuids[0]);
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.deliveries(other.path)).toHaveLength(0);
    expect(receiver.deliveries(paused.path)).toHaveLength(0);
    expect(receiver.deliveries(foreign.path)).toHaveLength(0);
    const [delivered] = receiver.deliveries(explicit.path);
    expect(delivered.verified).toBe(true);
    expect(delivered.payload).toMatchObject({ type: 'analysis.completed', data: { analysis_uuid: 'a-1', client_reference: 'ref-42' } });
    expect(receiver.deliveries(subscriber.path).filter((d) => first.eventUuids.includes(d.id))).toHaveLength(1);
  });

  it('creates each event once when the same publication runs concurrently', async () => {
    const own = await createTestTenant();
    const targets = [await endpoint(['analysis.completed'], own), await endpoint(['analysis.completed'], own)];
    const input = {
      companyId: own.companyId,
      type: 'analysis.completed',
      data: { analysis_uuid: 'a-2' },
      explicitEndpointUuid: null,
      idempotencyKey: 'analysis-a-2-completed',
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => publishWebhookEvent({ db: testDb(), temporal }, SYSTEM_ACTOR, input)),
    );
    const stored = await testDb()('webhook_events')
      .where({ company_id: own.companyId, idempotency_key: input.idempotencyKey })
      .orderBy('id')
      .pluck('uuid');
    expect(stored).toHaveLength(2);
    for (const result of results) expect([...result.eventUuids].sort()).toEqual([...stored].sort());
    await receiver.waitFor(() => targets.every((t) => receiver.acknowledged(t.path).size === 1), 20_000, 'one delivery per endpoint');
  });

  it('lets an operator list and retry failed deliveries with the ops CLI', async () => {
    const { runOps } = await import('../support/cli');
    const hook = await endpoint();
    let healthy = false;
    receiver.respond(hook.path, () => ({ status: healthy ? 204 : 500 }));
    const since = new Date(Date.now() - 1000).toISOString();
    const uuids = [await sendTest(hook.uuid), await sendTest(hook.uuid)];
    await Promise.all(uuids.map((u) => waitForEvent(tenant.apiKey, u, 'failed', 40_000)));
    const listed = await runOps(['deliveries', 'list', '--status', 'failed', '--endpoint', hook.uuid, '--since', since, '--json']);
    expect(listed.code).toBe(0);
    expect(listed.json.events.map((e: any) => e.uuid).sort()).toEqual([...uuids].sort());

    healthy = true;
    const one = await runOps(['deliveries', 'retry', '--event', uuids[0], '--json']);
    expect(one.json).toMatchObject({ retried_count: 1, retried: [uuids[0]] });
    const bulk = await runOps(['deliveries', 'retry', '--all-failed', '--endpoint', hook.uuid, '--since', since, '--json']);
    // Bulk is a recover workflow per endpoint, started at once (the operator follows it in GET /workflows or the Temporal UI).
    expect(bulk.json).toMatchObject({
      endpoints: 1,
      failed_count: 1,
      recoveries: [{ endpoint_uuid: hook.uuid, failed_count: 1, workflow_id: expect.stringMatching(/^webhook-recovery-/) }],
    });
    await Promise.all(uuids.map((u) => waitForEvent(tenant.apiKey, u, 'succeeded')));
    // One event re-sent is interactive; a bulk redelivery is bulk work.
    expect((await temporal.workflow.getHandle(deliveryWorkflowId(uuids[0], 1)).describe()).priority).toMatchObject({
      priorityKey: 1,
      fairnessKey: tenant.companyUuid,
    });
    expect((await temporal.workflow.getHandle(deliveryWorkflowId(uuids[1], 1)).describe()).priority).toMatchObject({
      priorityKey: 5,
      fairnessKey: tenant.companyUuid,
    });
    const notFailed = await runOps(['deliveries', 'retry', '--event', uuids[0], '--json']);
    expect(notFailed.code).toBe(1);
    expect(notFailed.json.error).toMatch(/succeeded/);
    const bad = await runOps(['deliveries', 'retry', '--json']);
    expect(bad.code).toBe(2);
    // Four ops CLI processes and a spent retry schedule: minutes on a machine loaded by other work.
  }, 180_000);

  it('never writes a signing secret into the api or worker logs', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const dir = process.env.TEST_DATA_DIR!;
    const logs = readdirSync(dir)
      .filter((f) => f.endsWith('.log'))
      .map((f) => readFileSync(path.join(dir, f), 'utf8'))
      .join('\n');
    expect(logs).toContain('webhooks');
    for (const secret of secrets) {
      expect(logs).not.toContain(secret);
      expect(logs).not.toContain(secret.slice('whsec_'.length));
    }
  });
});
