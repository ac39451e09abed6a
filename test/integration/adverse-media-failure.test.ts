import { request } from '../support/http';
import { createEntity } from '../../support/entity-fixtures';
import { closeOwnerDb, ownerDb } from '../support/database-roles';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';

jest.setTimeout(120_000);

/**
 * The failure path on the real stack: a trigger makes Postgres refuse to complete screenings of
 * one fixture entity (and only that one), so the screening step exhausts its retries and the
 * workflow records the failure and emits adverse_media.failed.
 */
describe('adverse media: a screening that cannot complete', () => {
  let receiver: WebhookReceiver;
  let entityId: number;
  const trigger = `screening_sabotage_${process.pid}`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    entityId = (await createEntity(testDb(), { type: 'person', name: 'Sabotado Inexistente Teste' })).id;
    await ownerDb().raw(`
      CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'completed' AND NEW.entity_id = ${Number(entityId)} THEN RAISE EXCEPTION 'sabotaged for a test'; END IF;
        RETURN NEW;
      END $$`);
    await ownerDb().raw(`CREATE TRIGGER ${trigger} BEFORE UPDATE ON screenings FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
  });
  afterAll(async () => {
    await ownerDb().raw(`DROP TRIGGER IF EXISTS ${trigger} ON screenings`);
    await ownerDb().raw(`DROP FUNCTION IF EXISTS ${trigger}()`);
    await receiver.close();
    await closeTestDb();
    await closeOwnerDb();
  });

  it('ends failed, with a public reason, and sends a signed adverse_media.failed to subscribers with client_reference', async () => {
    const tenant = await createTestTenant();
    const hookPath = '/hooks/failed';
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'subscriber', url: receiver.url(hookPath), subscribed_events: ['adverse_media.failed'] },
    });
    expect(endpoint.status).toBe(201);
    receiver.setSecret(hookPath, endpoint.body.secret);

    const created = await request('POST', '/adverse-media', {
      apiKey: tenant.apiKey,
      body: { entity_id: entityId, client_reference: 'ref-failed' },
    });
    expect(created.status).toBe(202);

    await receiver.waitFor(() => receiver.deliveries(hookPath).length > 0, 60_000, 'the adverse_media.failed delivery');
    const [delivery] = receiver.deliveries(hookPath);
    expect(delivery.verified).toBe(true);
    expect(delivery.payload).toMatchObject({
      type: 'adverse_media.failed',
      data: { screening_uuid: created.body.uuid, status: 'failed', client_reference: 'ref-failed' },
    });

    const screening = (await request('GET', `/adverse-media/${created.body.uuid}`, { apiKey: tenant.apiKey })).body;
    expect(screening.status).toBe('failed');
    expect(screening.error).toBe('screening failed; creating a new screening is safe');
    expect(screening.error).not.toContain('sabotaged');
    expect(screening.hits).toEqual([]);
    expect(screening.completed_at).not.toBeNull();
  });
});
