import { fanOutWebhookEventFenced } from '../../db/repositories/webhooks/webhook-publication-repository';
import { claimDeliveryAttempt, recordSuccessfulAttempt } from '../../db/repositories/webhooks/webhook-delivery-repository';
import { registerWebhookEndpoint } from '../../usecases/webhooks/support/webhook-endpoint-fields';
import { buildWebhookPayload } from '../../domain/webhooks/event-catalog';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';

/**
 * The delivery hot path's single statements against the real Postgres: claim, record a success
 * once, and the commit fence an eagerly started attempt waits on.
 */
describe('webhook delivery statements', () => {
  let tenant: TestTenant;
  let endpointId: number;
  let endpointUuid: string;
  let counter = 0;

  beforeAll(async () => {
    tenant = await createTestTenant({ features: ['webhooks'] });
    const { endpoint } = await registerWebhookEndpoint(testDb(), stackEnv().WEBHOOK_ENCRYPTION_KEY, tenant.companyId, {
      name: 'stmts',
      url: 'http://127.0.0.1:9/hook',
      subscribedEvents: ['webhook.test'],
    });
    endpointId = endpoint.id;
    endpointUuid = endpoint.uuid;
  });
  afterAll(() => closeTestDb());

  const newEvent = () => ({
    companyId: tenant.companyId,
    type: 'webhook.test',
    payload: buildWebhookPayload('webhook.test', new Date(), {}),
    idempotencyKey: `stmt-${Date.now()}-${++counter}`,
    explicitEndpointUuid: endpointUuid,
    subscribersToo: false,
  });
  /** The publication's one statement: the event, fenced until the transaction ends. */
  const insertFenced = async (trx: Parameters<typeof fanOutWebhookEventFenced>[0]) =>
    (await fanOutWebhookEventFenced(trx, newEvent())).rows;

  async function insertCommitted(): Promise<{ id: number; uuid: string }> {
    const [row] = await testDb().transaction((trx) => insertFenced(trx));
    return row;
  }

  it('claims once: pending → delivering; a recorded attempt is reported, not claimed again', async () => {
    const db = testDb();
    const event = await insertCommitted();
    const claimed = await claimDeliveryAttempt(db, { eventUuid: event.uuid, run: 0, attemptNumber: 1 });
    expect(claimed).toMatchObject({ eventId: event.id, deliveryRun: 0, attemptRecorded: false, endpointId });
    expect((await db('webhook_events').where({ id: event.id }).first('status')).status).toBe('delivering');

    const record = {
      eventId: event.id,
      companyId: tenant.companyId,
      endpointId,
      attemptNumber: 1,
      startedAt: new Date(),
      durationMs: 3,
      statusCode: 204,
      error: null,
      responseBody: null,
    };
    expect(await recordSuccessfulAttempt(db, record)).toBe(true);
    expect(await recordSuccessfulAttempt(db, { ...record, statusCode: 200 })).toBe(false);

    const stored = await db('webhook_events').where({ id: event.id }).first('status', 'attempt_count', 'delivered_at');
    expect(stored).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect(stored.delivered_at).toBeInstanceOf(Date);
    expect(await db('webhook_attempts').where({ event_id: event.id }).select('status_code')).toEqual([{ status_code: 204 }]);
    const endpoint = await db('webhook_endpoints').where({ id: endpointId }).first('consecutive_failures', 'last_success_at');
    expect(endpoint.consecutive_failures).toBe(0);
    expect(endpoint.last_success_at).toBeInstanceOf(Date);

    const replay = await claimDeliveryAttempt(db, { eventUuid: event.uuid, run: 0, attemptNumber: 1 });
    expect(replay).toMatchObject({ status: 'succeeded', attemptRecorded: true });
  });

  it('does not mark an event of a newer run, nor a missing one', async () => {
    const db = testDb();
    const event = await insertCommitted();
    await db('webhook_events').where({ id: event.id }).update({ delivery_run: 2 });
    expect(await claimDeliveryAttempt(db, { eventUuid: event.uuid, run: 1, attemptNumber: 1 })).toMatchObject({
      deliveryRun: 2,
      attemptRecorded: false,
    });
    expect((await db('webhook_events').where({ id: event.id }).first('status')).status).toBe('pending');
    expect(await claimDeliveryAttempt(db, { eventUuid: '00000000-0000-4000-8000-000000000000', run: 1, attemptNumber: 1 })).toBeUndefined();
  });

  it('an attempt that starts before the publishing commit waits for it, then sees its event', async () => {
    const db = testDb();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: (uuid: string) => void;
    const uuidKnown = new Promise<string>((resolve) => (inserted = resolve));
    const publishing = db.transaction(async (trx) => {
      const [row] = await insertFenced(trx);
      inserted(row.uuid);
      await held;
    });
    const uuid = await uuidKnown;
    let claimed: unknown = 'pending';
    const claiming = claimDeliveryAttempt(db, { eventUuid: uuid, run: 0, attemptNumber: 1 }).then((c) => (claimed = c));
    await new Promise((r) => setTimeout(r, 300));
    expect(claimed).toBe('pending'); // blocked on the fence, not answered "no such event"
    release();
    await publishing;
    await claiming;
    expect(claimed).toMatchObject({ eventUuid: uuid, deliveryRun: 0, attemptRecorded: false });
    expect(await db('webhook_events').where({ uuid }).first('status')).toEqual({ status: 'delivering' });
  });

  it('an attempt whose publishing transaction rolled back finds no event once the fence is gone', async () => {
    const db = testDb();
    let uuid = '';
    const publishing = db.transaction(async (trx) => {
      const [row] = await insertFenced(trx);
      uuid = row.uuid;
      throw new Error('publishing failed');
    });
    // The insert itself must have worked: only our own error may end the transaction.
    await expect(publishing).rejects.toThrow('publishing failed');
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db('webhook_events').where({ uuid }).first('id')).toBeUndefined();
    expect(await claimDeliveryAttempt(db, { eventUuid: uuid, run: 0, attemptNumber: 1 })).toBeUndefined();
    expect(await claimDeliveryAttempt(db, { eventUuid: 'not-a-uuid', run: 0, attemptNumber: 1 })).toBeUndefined();
  });
});
