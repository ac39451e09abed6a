import { Client, Connection } from '@temporalio/client';
import { publishWebhookEvent } from '../../usecases/webhooks/publish-webhook-event';
import type { RecoveryPageProgress } from '../../contracts/webhook-recovery-workflow-contract';
import { recoverFailedEventsPage } from '../../usecases/webhooks/recover-failed-events-page';
import { closeOwnerDb, ownerDb } from '../support/database-roles';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { request } from '../support/http';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestKey, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

/** Resend, recover, the event list's filters, an endpoint's figures and the cancel of a pending delivery. */
describe('webhook redelivery and the event log', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let receiver: WebhookReceiver;
  let temporal: Client;
  let hooks = 0;

  async function endpoint(owner: TestTenant = tenant, subscribed: string[] = ['webhook.test']) {
    const path = `/redelivery/${++hooks}`;
    const created = await request('POST', '/webhooks/endpoints', {
      apiKey: owner.apiKey,
      body: { name: path, url: receiver.url(path), subscribed_events: subscribed },
    });
    expect(created.status).toBe(201);
    receiver.setSecret(path, created.body.secret);
    return { uuid: created.body.uuid as string, path };
  }
  const sendTest = async (endpointUuid: string) =>
    (await request('POST', `/webhooks/endpoints/${endpointUuid}/test`, { apiKey: tenant.apiKey })).body.event_uuid as string;
  /** `waiting`: a `delivering` event whose failed attempt is recorded (the claim alone also reads `delivering`). */
  async function eventIs(uuid: string, status: string, timeoutMs = 40_000, apiKey = tenant.apiKey) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = (await request('GET', `/webhooks/webhook-events/${uuid}`, { apiKey })).body;
      if (status === 'waiting' ? event.status === 'delivering' && event.next_attempt_at !== null : event.status === status) return event;
      if (Date.now() > deadline) throw new Error(`event ${uuid} is ${event.status}, not ${status}`);
      await new Promise((r) => setTimeout(r, 150));
    }
  }

  /** The recover run once it has closed, as GET /workflows/{id} shows it. */
  async function recoveryDone(workflowId: string, timeoutMs = 40_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const run = (await request('GET', `/workflows/${workflowId}`, { apiKey: tenant.apiKey })).body;
      if (run.status !== 'running') return run;
      if (Date.now() > deadline) throw new Error(`recover ${workflowId} still running: ${run.current_step}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    receiver = await startWebhookReceiver();
    const env = stackEnv();
    temporal = new Client({ connection: await Connection.connect({ address: env.TEMPORAL_ADDRESS }), namespace: env.TEMPORAL_NAMESPACE });
  });
  afterAll(async () => {
    await receiver.close();
    await temporal.connection.close();
    await closeTestDb();
    await closeOwnerDb();
  });

  it('resends an event from any final state with the same webhook-id; 409 while in flight; 404 for another company; 403 without webhooks:retry', async () => {
    const hook = await endpoint();
    const uuid = await sendTest(hook.uuid);
    await eventIs(uuid, 'succeeded');
    expect((await request('POST', `/webhooks/webhook-events/${uuid}/retry`, { apiKey: tenant.apiKey })).status).toBe(409);
    const resent = await request('POST', `/webhooks/webhook-events/${uuid}/resend`, { apiKey: tenant.apiKey });
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ uuid, status: 'pending' });
    const again = await request('POST', `/webhooks/webhook-events/${uuid}/resend`, { apiKey: tenant.apiKey });
    if (again.status === 409) expect(again.body.detail).toMatch(/in flight/);
    else expect(again.status).toBe(202); // the first resend had already been delivered
    const event = await eventIs(uuid, 'succeeded');
    await receiver.waitFor(() => (receiver.acknowledged(hook.path).get(uuid) ?? 0) >= 2, 10_000, 'the resent delivery');
    expect(receiver.deliveries(hook.path).every((d) => d.id === uuid && d.verified)).toBe(true);
    expect(event.attempts.map((a: any) => a.attempt_number).slice(0, 2)).toEqual([1, 2]);

    expect((await request('POST', `/webhooks/webhook-events/${uuid}/resend`, { apiKey: other.apiKey })).status).toBe(404);
    const readOnly = await createTestKey(tenant, ['webhooks:read', 'webhooks:write']);
    expect((await request('POST', `/webhooks/webhook-events/${uuid}/resend`, { apiKey: readOnly })).body).toEqual({
      detail: 'insufficient_scope',
    });
  });

  it('recovers every failed event of an endpoint since a date, and only those', async () => {
    const hook = await endpoint();
    let healthy = false;
    receiver.respond(hook.path, () => ({ status: healthy ? 204 : 500 }));
    const [old, recent1, recent2] = [await sendTest(hook.uuid), await sendTest(hook.uuid), await sendTest(hook.uuid)];
    await Promise.all([old, recent1, recent2].map((u) => eventIs(u, 'failed')));
    await testDb()('webhook_events')
      .where({ uuid: old })
      .update({ created_at: testDb().raw(`now() - interval '2 days'`) });
    const since = new Date(Date.now() - 3_600_000).toISOString();

    const body = { since };
    expect((await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, { apiKey: other.apiKey, body })).status).toBe(404);
    expect(
      (
        await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, {
          apiKey: tenant.apiKey,
          body: { since: new Date(Date.now() + 60_000).toISOString() },
        })
      ).status,
    ).toBe(422);
    expect(
      (await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, { apiKey: tenant.apiKey, body: { since, status: 'failed' } }))
        .status,
    ).toBe(422);
    healthy = true;
    const recovered = await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, { apiKey: tenant.apiKey, body });
    expect(recovered.status).toBe(202);
    expect(recovered.body).toEqual({
      endpoint_uuid: hook.uuid,
      since: new Date(since).toISOString(),
      failed_count: 2,
      workflow_id: `webhook-recovery-${hook.uuid}-${Date.parse(since)}`,
    });
    await Promise.all([recent1, recent2].map((u) => eventIs(u, 'succeeded')));
    const recover = await recoveryDone(recovered.body.workflow_id);
    expect(recover).toMatchObject({
      kind: 'webhook_recovery',
      resource_uuid: hook.uuid,
      status: 'completed',
      current_step: 'done: retried 2, skipped 0',
    });
    expect((await request('GET', `/workflows/${recovered.body.workflow_id}`, { apiKey: other.apiKey })).status).toBe(404);
    // The same request once that recover has closed starts a new one, which finds nothing left to retry.
    const again = await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, { apiKey: tenant.apiKey, body });
    expect(again.body).toMatchObject({ failed_count: 0, workflow_id: recovered.body.workflow_id });
    expect((await request('GET', `/webhooks/webhook-events/${old}`, { apiKey: tenant.apiKey })).body.status).toBe('failed');
    // The run that left `old` failed ended failed in Temporal, with the public failure of a delivery.
    const run = (await request('GET', `/workflows/delivery-${old}`, { apiKey: tenant.apiKey })).body;
    expect(run).toMatchObject({
      kind: 'webhook_delivery',
      resource_uuid: old,
      status: 'failed',
      current_step: 'failed',
      attempts: 5,
      failure: { type: 'WebhookDeliveryFailed', message: 'webhook delivery failed at attempt 5 (last status code 500)' },
    });
    expect(run.steps.filter((step: any) => step.name === 'attemptWebhookDelivery')).toHaveLength(5);
    const retryOnly = await createTestKey(tenant, ['webhooks:read', 'webhooks:write']);
    expect((await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, { apiKey: retryOnly, body })).status).toBe(403);

    await request('PATCH', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey, body: { status: 'paused' } });
    expect((await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, { apiKey: tenant.apiKey, body })).status).toBe(409);
  });

  it('answers a recover of many failed events at once, and retries them all page by page in one workflow', async () => {
    const hook = await endpoint();
    receiver.respond(hook.path, () => ({ status: 500 }));
    const seed = await sendTest(hook.uuid);
    await eventIs(seed, 'failed');
    // 249 more failed events like it: more than two pages of a recover (100 each).
    await testDb().raw(
      `INSERT INTO webhook_events (company_id, endpoint_id, type, payload, status, idempotency_key, attempt_count)
       SELECT company_id, endpoint_id, type, payload, 'failed', idempotency_key || '-copy-' || n, attempt_count FROM webhook_events, generate_series(1, 249) AS n WHERE uuid = ?`,
      [seed],
    );
    receiver.respond(hook.path, () => ({ status: 204 }));
    const deliveredBefore = receiver.deliveries(hook.path).length;
    const recovered = await request('POST', `/webhooks/endpoints/${hook.uuid}/recover`, {
      apiKey: tenant.apiKey,
      body: { since: new Date(Date.now() - 3_600_000).toISOString() },
    });
    const deliveredWhenAnswered = receiver.deliveries(hook.path).length - deliveredBefore;
    expect(recovered.status).toBe(202);
    expect(recovered.body.failed_count).toBe(250);
    // It only checks, counts and starts: it answers before the backlog is resent, whatever its
    // size (an order of events, not a time budget: docs/testing.md, "Hang guards").
    expect(deliveredWhenAnswered).toBeLessThan(250);
    const recover = await recoveryDone(recovered.body.workflow_id, 100_000);
    expect(recover.current_step).toBe('done: retried 250, skipped 0');
    const left = await testDb()('webhook_events')
      .join('webhook_endpoints', 'webhook_endpoints.id', 'webhook_events.endpoint_id')
      .where({ 'webhook_endpoints.uuid': hook.uuid, 'webhook_events.status': 'failed' })
      .count<{ count: string }[]>('* as count');
    expect(Number(left[0].count)).toBe(0);
    const runs = await testDb()('webhook_events')
      .join('webhook_endpoints', 'webhook_endpoints.id', 'webhook_events.endpoint_id')
      .where({ 'webhook_endpoints.uuid': hook.uuid })
      .max<{ max: number }[]>('delivery_run as max');
    expect(runs[0].max).toBe(1);
  });

  it('a page tried again after a failure mid-page counts each event once: the progress travels in the heartbeat', async () => {
    const hook = await endpoint();
    receiver.respond(hook.path, () => ({ status: 500 }));
    const seed = await sendTest(hook.uuid);
    await eventIs(seed, 'failed');
    await testDb().raw(
      `INSERT INTO webhook_events (company_id, endpoint_id, type, payload, status, idempotency_key, attempt_count)
       SELECT company_id, endpoint_id, type, payload, 'failed', idempotency_key || '-page-' || n, attempt_count FROM webhook_events, generate_series(1, 19) AS n WHERE uuid = ?`,
      [seed],
    );
    receiver.respond(hook.path, () => ({ status: 204 }));
    const failed = await testDb()('webhook_events')
      .join('webhook_endpoints', 'webhook_endpoints.id', 'webhook_events.endpoint_id')
      .where({ 'webhook_endpoints.uuid': hook.uuid, 'webhook_events.status': 'failed' })
      .orderBy('webhook_events.id')
      .pluck('webhook_events.uuid');
    expect(failed).toHaveLength(20);
    // The 12th event cannot be retried yet (Postgres refuses it, as an outage would): the first attempt fails in its second group.
    const trigger = `recover_page_outage_${process.pid}`;
    await ownerDb().raw(`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.uuid = '${failed[11]}' THEN RAISE EXCEPTION 'not now'; END IF;
        RETURN NEW;
      END $$`);
    await ownerDb().raw(`CREATE TRIGGER ${trigger} BEFORE UPDATE ON webhook_events FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
    const page = {
      companyUuid: tenant.companyUuid,
      endpointUuid: hook.uuid,
      since: new Date(Date.now() - 3_600_000).toISOString(),
      after: null,
    };
    let heartbeat: RecoveryPageProgress | undefined;
    try {
      await expect(
        recoverFailedEventsPage(
          { db: testDb(), temporal, heartbeat: (progress) => (heartbeat = progress as RecoveryPageProgress) },
          SYSTEM_ACTOR,
          page,
        ),
      ).rejects.toThrow('not now');
    } finally {
      await ownerDb().raw(`DROP TRIGGER IF EXISTS ${trigger} ON webhook_events`);
      await ownerDb().raw(`DROP FUNCTION IF EXISTS ${trigger}()`);
    }
    // Everything but the refused event of the two groups tried was retried, and said so before the failure.
    expect(heartbeat).toEqual({ retried: 15, skipped: [] });
    const again = await recoverFailedEventsPage({ db: testDb(), temporal }, SYSTEM_ACTOR, { ...page, resumed: heartbeat });
    expect(again).toEqual({ retried: 20, skipped: [], next: null });
  });

  it('filters the event log by the resource an event announces, client_reference, type, status and creation time', async () => {
    const own = await createTestTenant();
    const hook = await endpoint(own, ['analysis.completed', 'adverse_media.completed']);
    const analysisUuid = '6f1c1f5e-3c1b-4c44-9a43-1d1b1b1b1b10';
    const screeningUuid = '6f1c1f5e-3c1b-4c44-9a43-1d1b1b1b1b11';
    const reportUuid = '6f1c1f5e-3c1b-4c44-9a43-1d1b1b1b1b12';
    const publish = (type: string, data: Record<string, unknown>, key: string) =>
      publishWebhookEvent({ db: testDb(), temporal }, SYSTEM_ACTOR, { companyId: own.companyId, type, data, idempotencyKey: key });
    const [a] = (await publish('analysis.completed', { analysis_uuid: analysisUuid, client_reference: 'crm-7' }, 'f-a')).eventUuids;
    const [s] = (await publish('adverse_media.completed', { screening_uuid: screeningUuid, client_reference: 'crm-8' }, 'f-s')).eventUuids;
    const [r] = (await publish('analysis.completed', { report_uuid: reportUuid }, 'f-r')).eventUuids;
    await Promise.all([a, s, r].map((u) => eventIs(u, 'succeeded', 20_000, own.apiKey)));
    const list = async (query: string, apiKey = own.apiKey) =>
      (await request('GET', `/webhooks/webhook-events?${query}`, { apiKey })).body.items.map((e: any) => e.uuid);
    expect(await list(`analysis_uuid=${analysisUuid.toUpperCase()}`)).toEqual([a]);
    expect(await list(`screening_uuid=${screeningUuid}`)).toEqual([s]);
    expect(await list(`report_uuid=${reportUuid}`)).toEqual([r]);
    expect(await list('client_reference=crm-8')).toEqual([s]);
    expect(await list('type=analysis.completed&status=succeeded')).toEqual([r, a]);
    expect(await list(`endpoint_uuid=${hook.uuid}&limit=2`)).toEqual([r, s]);
    const createdA = new Date((await request('GET', `/webhooks/webhook-events/${a}`, { apiKey: own.apiKey })).body.created_at);
    expect(await list(`created_to=${encodeURIComponent(new Date(createdA.getTime() + 1).toISOString())}`)).toEqual([a]);
    expect(await list(`created_from=${encodeURIComponent(new Date(createdA.getTime() + 1).toISOString())}`)).toEqual([r, s]);
    expect(await list(`analysis_uuid=${analysisUuid}`, other.apiKey)).toEqual([]);
    const pages: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (
        await request('GET', `/webhooks/webhook-events?limit=1${cursor ? `&cursor=${cursor}` : ''}`, { apiKey: own.apiKey })
      ).body;
      pages.push(...page.items.map((e: any) => e.uuid));
      cursor = page.next_cursor;
    } while (cursor);
    expect(pages).toEqual([r, s, a]);
    for (const bad of [
      'analysis_uuid=nope',
      'data=1',
      'status=lost',
      'created_from=yesterday',
      'created_from=2026-11-02&created_to=2026-11-01',
    ]) {
      expect((await request('GET', `/webhooks/webhook-events?${bad}`, { apiKey: own.apiKey })).status).toBe(422);
    }
  });

  it("shows an endpoint's attempts of the last 24 hours: count, success rate, median duration", async () => {
    const hook = await endpoint();
    receiver.respond(hook.path, (_d, i) => ({ status: i === 1 ? 500 : 204 }));
    const first = await sendTest(hook.uuid);
    await eventIs(first, 'succeeded');
    const second = await sendTest(hook.uuid);
    await eventIs(second, 'succeeded');
    const figures = (await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body.delivery_figures;
    expect(figures).toEqual({ window_hours: 24, attempts: 3, succeeded: 2, success_rate: 0.6667, p50_duration_ms: expect.any(Number) });
    await testDb()('webhook_attempts')
      .whereIn('event_id', testDb()('webhook_events').where({ uuid: first }).select('id'))
      .update({ started_at: testDb().raw(`now() - interval '25 hours'`) });
    expect((await request('GET', `/webhooks/endpoints/${hook.uuid}`, { apiKey: tenant.apiKey })).body.delivery_figures).toMatchObject({
      attempts: 2,
      succeeded: 1,
      success_rate: 0.5,
    });
    const fresh = await endpoint();
    expect((await request('GET', `/webhooks/endpoints/${fresh.uuid}`, { apiKey: tenant.apiKey })).body.delivery_figures).toEqual({
      window_hours: 24,
      attempts: 0,
      succeeded: 0,
      success_rate: null,
      p50_duration_ms: null,
    });
    expect((await request('GET', '/webhooks/endpoints', { apiKey: tenant.apiKey })).body.items[0]).not.toHaveProperty('delivery_figures');
  });

  it('cancels a pending delivery: the event ends canceled, retry refuses it, resend sends it again', async () => {
    const hook = await endpoint();
    let open = false;
    receiver.respond(hook.path, () => (open ? { status: 204 } : { status: 503, headers: { 'Retry-After': '3600' } }));
    const uuid = await sendTest(hook.uuid);
    await receiver.waitFor(() => receiver.deliveries(hook.path).length === 1, 20_000, 'the first attempt');
    // The attempt claims the event (delivering) before the receiver answers; its failure then sets the next attempt.
    const waiting = await eventIs(uuid, 'waiting');
    expect(waiting).toMatchObject({ status: 'delivering', attempt_count: 1 });
    const workflowId = `delivery-${uuid}`;
    const inFlight = await request('POST', `/webhooks/webhook-events/${uuid}/resend`, { apiKey: tenant.apiKey });
    expect([inFlight.status, inFlight.body.detail]).toEqual([409, 'webhook event is delivering; a delivery of it is still in flight']);
    expect((await request('POST', `/workflows/${workflowId}/cancel`, { apiKey: other.apiKey })).status).toBe(404);
    const canceled = await request('POST', `/workflows/${workflowId}/cancel`, { apiKey: tenant.apiKey });
    expect(canceled).toMatchObject({ status: 202, body: { workflow_id: workflowId, kind: 'webhook_delivery', resource_uuid: uuid } });
    const event = await eventIs(uuid, 'canceled', 15_000);
    expect(event.next_attempt_at).toBeNull();
    expect((await request('GET', `/workflows/${workflowId}`, { apiKey: tenant.apiKey })).body).toMatchObject({
      status: 'canceled',
      current_step: 'canceled',
      kind: 'webhook_delivery',
    });
    expect(
      (
        await request('GET', `/webhooks/webhook-events?status=canceled&endpoint_uuid=${hook.uuid}`, { apiKey: tenant.apiKey })
      ).body.items.map((e: any) => e.uuid),
    ).toEqual([uuid]);
    expect((await request('POST', `/webhooks/webhook-events/${uuid}/retry`, { apiKey: tenant.apiKey })).status).toBe(409);
    open = true;
    expect((await request('POST', `/webhooks/webhook-events/${uuid}/resend`, { apiKey: tenant.apiKey })).status).toBe(202);
    await eventIs(uuid, 'succeeded');
  });
});
