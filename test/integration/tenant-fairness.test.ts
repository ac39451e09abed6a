import { deliveryWorkflowId } from '../../contracts/webhook-delivery-workflow-contract';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { createCleanCompany } from '../../support/entity-fixtures';
import { type ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

jest.setTimeout(180_000);

const SLOW_MS = 3_000;
const SLOTS = 4;

/**
 * Fairness on Temporal's own mechanism, on the real stack: company X floods its webhooks queue
 * with bulk deliveries to a receiver that holds every request SLOW_MS, on a worker that holds
 * only SLOTS attempts at once; company Y's test event must not wait behind X's backlog. With a
 * FIFO queue it would wait ≈ backlog / SLOTS × SLOW_MS (≈ 30 s here); with Task Queue Priority
 * (interactive before bulk) and fairness (Y's key before X's) it gets the next free slot.
 * Own api and worker in the `fairness` namespace, so the shared worker's 200 slots stay out of it.
 */
/** How long the first workflow task of a delivery waited between scheduled and started (task queue matching). */
async function firstTaskWait(eventUuid: string): Promise<number> {
  const temporal = await testTemporalClient('fairness');
  try {
    const history = await temporal.workflow.getHandle(deliveryWorkflowId(eventUuid)).fetchHistory();
    const time = (type: string) =>
      Number(history.events!.find((e) => e[type as 'workflowTaskScheduledEventAttributes'])!.eventTime!.seconds) * 1000 +
      Math.round(history.events!.find((e) => e[type as 'workflowTaskScheduledEventAttributes'])!.eventTime!.nanos! / 1e6);
    return time('workflowTaskStartedEventAttributes') - time('workflowTaskScheduledEventAttributes');
  } finally {
    await temporal.connection.close();
  }
}

describe('tenant fairness: one company flooding its webhooks does not delay another company', () => {
  const started: ExtraProcess[] = [];
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.kill9();
    await receiver.close();
    await closeTestDb();
  });

  it("Y's test event is attempted within 5 s while X's bulk backlog still waits", async () => {
    const env = { TEMPORAL_NAMESPACE: 'fairness', WEBHOOK_WORKER_SLOTS: String(SLOTS), LOG_LEVEL: 'warn' };
    started.push(await startExtraWorker(env));
    const api = await startExtraApi(env);
    started.push(api);
    const [x, y] = [await createTestTenant(), await createTestTenant()];

    for (let i = 0; i < 5; i++) {
      const hookPath = `/x/${i}`;
      const created = await httpJson(api.url, 'POST', '/webhooks/endpoints', {
        apiKey: x.apiKey,
        body: { name: hookPath, url: receiver.url(hookPath), subscribed_events: ['analysis.completed'] },
      });
      expect(created.status).toBe(201);
      receiver.setSecret(hookPath, created.body.secret);
      receiver.respond(hookPath, () => ({ status: 204, delayMs: SLOW_MS }));
    }
    const yHook = await httpJson(api.url, 'POST', '/webhooks/endpoints', {
      apiKey: y.apiKey,
      body: { name: 'y', url: receiver.url('/y'), subscribed_events: [] },
    });
    receiver.setSecret('/y', yHook.body.secret);

    // X: 10 async analyses, each fanned out to 5 subscribers → 50 bulk deliveries.
    const { subject } = await createCleanCompany(testDb());
    for (let i = 0; i < 10; i++)
      expect((await httpJson(api.url, 'POST', '/api/analyses', { apiKey: x.apiKey, body: { entity_id: subject.id } })).status).toBe(202);
    const xEvents = () =>
      testDb()('webhook_events')
        .where({ company_id: x.companyId })
        .count<{ n: string }[]>({ n: '*' })
        .then((r) => Number(r[0].n));
    const xReceived = () => receiver.deliveries().filter((d) => d.path.startsWith('/x/')).length;
    await receiver.waitFor(() => xReceived() >= SLOTS, 60_000, "X's deliveries to fill the worker's slots");
    for (let deadline = Date.now() + 60_000; (await xEvents()) < 50 && Date.now() < deadline;) await new Promise((r) => setTimeout(r, 200));
    expect(await xEvents()).toBe(50);

    const sentAt = Date.now();
    const sent = await httpJson(api.url, 'POST', `/webhooks/endpoints/${yHook.body.uuid}/test`, { apiKey: y.apiKey });
    expect(sent.status).toBe(202);
    await receiver.waitFor(() => receiver.deliveries('/y').length > 0, 60_000, "Y's test event");
    const waitedMs = receiver.deliveries('/y')[0].receivedAt - sentAt;
    const xStillWaiting = 50 - xReceived();
    const matchedMs = await firstTaskWait(sent.body.event_uuid);
    process.stdout.write(
      `fairness: Y's test event attempted after ${waitedMs} ms (its workflow task waited ${matchedMs} ms in the queue); X deliveries not yet attempted then: ${xStillWaiting} of 50\n`,
    );
    expect(receiver.deliveries('/y')[0].verified).toBe(true);
    // Y went ahead of a real backlog, not after it drained: an order of events, whatever the
    // machine's speed (the wait in ms is printed, not asserted: docs/testing.md, "Hang guards").
    expect(xStillWaiting).toBeGreaterThanOrEqual(20);
  });
});
