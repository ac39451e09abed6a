import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { countWebhookEndpointsLocked } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { recordAuditEvent } from '../../usecases/audit/record-audit-event';
import { GENESIS_SHA256 } from '../../domain/audit/audit-event';
import { verifyAuditChain } from '../../domain/audit/verify-audit-chain';
import { createCleanCompany } from '../../support/entity-fixtures';
import { createDb } from '../../db/create-db';
import { runOps } from '../support/cli';
import { privilegedDatabaseUrls } from '../support/database-roles';
import { request } from '../support/http';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';

const endpointBody = (name = 'Audited') => ({ name, url: 'http://127.0.0.1:9/hooks', subscribed_events: ['analysis.completed'] });

/** The audit trail over HTTP, the database and the ops CLI (docs/people-and-cases.md, "The audit trail"). */
describe('the audit trail', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
  });
  afterAll(closeTestDb);

  const eventsOf = async (t: TestTenant, query = '') =>
    (await request('GET', `/audit-events${query}`, { apiKey: t.apiKey })).body.items as any[];

  it('records one event for a write, with actor, action, resource and request id, and never the secret', async () => {
    const requestId = `audit-${randomUUID()}`;
    const created = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: endpointBody(),
      headers: { 'X-Request-Id': requestId },
    });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;

    const listed = await request('GET', `/audit-events?resource_uuid=${created.body.uuid}`, { apiKey: tenant.apiKey });
    expect(listed.status).toBe(200);
    expect(listed.body.items).toHaveLength(1);
    expect(listed.body.items[0]).toMatchObject({
      company_uuid: tenant.companyUuid,
      actor: { type: 'api_key', id: tenant.keyUuid },
      action: 'webhook_endpoint.created',
      resource: { type: 'webhook_endpoint', uuid: created.body.uuid },
      request_id: requestId,
      changes: { name: 'Audited', url: endpointBody().url, subscribed_events: ['analysis.completed'], status: 'active' },
      chain: { prev_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(listed.text).not.toContain(secret);
    const rows = await testDb()('audit_events').where({ company_id: tenant.companyId });
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(6));

    // A rotation records that the secret changed, never the new one.
    const rotated = await request('POST', `/webhooks/endpoints/${created.body.uuid}/rotate-secret`, { apiKey: tenant.apiKey });
    expect(rotated.status).toBe(200);
    const after = await eventsOf(tenant, `?resource_uuid=${created.body.uuid}&action=webhook_endpoint.secret_rotated`);
    expect(after).toHaveLength(1);
    expect(JSON.stringify(after)).not.toContain(rotated.body.secret);
  });

  it('records a sync analysis, written by the service, as the key that asked in its request', async () => {
    const { subject } = await createCleanCompany(testDb());
    const requestId = `audit-${randomUUID()}`;
    const response = await request('POST', '/analyses', {
      apiKey: tenant.apiKey,
      body: { entity_id: subject.id },
      headers: { 'X-Request-Id': requestId },
    });
    expect(response.status).toBe(201);
    const events = await eventsOf(tenant, `?resource_uuid=${response.body.uuid}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'analysis.created',
      actor: { type: 'api_key', id: tenant.keyUuid },
      request_id: requestId,
      changes: { status: 'completed', mode: 'sync', entity_id: subject.id },
    });
  });

  it('shows nothing of a company to another: empty lists, its own chain only', async () => {
    const created = await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: endpointBody() });
    expect(await eventsOf(other, `?resource_uuid=${created.body.uuid}`)).toEqual([]);
    const theirs = await request('GET', '/audit-events/verify', { apiKey: other.apiKey });
    expect(theirs.status).toBe(200);
    expect(theirs.body.valid).toBe(true);
    const otherCount = (await testDb()('audit_events').where({ company_id: other.companyId }).count<{ count: string }[]>({ count: '*' }))[0]
      .count;
    expect(theirs.body.events).toBe(Number(otherCount));
    const exported = await request('GET', '/audit-events/export', { apiKey: other.apiKey });
    expect(exported.text).not.toContain(created.body.uuid);
  });

  it('keeps one gapless chain under concurrent writes, and verifies it', async () => {
    const fresh = await createTestTenant();
    const endpoint = (await request('POST', '/webhooks/endpoints', { apiKey: fresh.apiKey, body: endpointBody() })).body;
    const patches = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request('PATCH', `/webhooks/endpoints/${endpoint.uuid}`, { apiKey: fresh.apiKey, body: { name: `name ${i}` } }),
      ),
    );
    expect(patches.every((p) => p.status === 200)).toBe(true);
    const rows = await testDb()('audit_events').where({ company_id: fresh.companyId }).orderBy('seq');
    // The tenant's own key (key.created, by the service that set the test up), the endpoint, twelve updates.
    expect(rows.map((r) => r.action)).toEqual([
      'key.created',
      'webhook_endpoint.created',
      ...Array<string>(12).fill('webhook_endpoint.updated'),
    ]);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(rows[0].prev_hash).toBe(GENESIS_SHA256);
    const verified = await request('GET', '/audit-events/verify', { apiKey: fresh.apiKey });
    expect(verified.body).toEqual({ valid: true, events: 14, head_sha256: rows[13].hash, first_invalid: null });
  });

  it('pages newest first with a cursor bound to its filters, and refuses unknown parameters', async () => {
    const fresh = await createTestTenant();
    for (const name of ['a', 'b', 'c']) await request('POST', '/webhooks/endpoints', { apiKey: fresh.apiKey, body: endpointBody(name) });
    const first = await request('GET', '/audit-events?limit=2&action=webhook_endpoint.created', { apiKey: fresh.apiKey });
    expect(first.body.items.map((e: any) => e.changes.name)).toEqual(['c', 'b']);
    const second = await request('GET', `/audit-events?limit=2&action=webhook_endpoint.created&cursor=${first.body.next_cursor}`, {
      apiKey: fresh.apiKey,
    });
    expect(second.body.items.map((e: any) => e.changes.name)).toEqual(['a']);
    expect(second.body.next_cursor).toBeNull();
    expect((await request('GET', `/audit-events?limit=2&cursor=${first.body.next_cursor}`, { apiKey: fresh.apiKey })).status).toBe(422);
    expect((await request('GET', '/audit-events?actor=me', { apiKey: fresh.apiKey })).status).toBe(422);
    expect((await request('GET', '/audit-events?from=2026-11-02&to=2026-11-01', { apiKey: fresh.apiKey })).status).toBe(422);
    expect(await eventsOf(fresh, `?actor_type=operator`)).toEqual([]);
    expect(await eventsOf(fresh, `?actor_id=${fresh.keyUuid}&action=webhook_endpoint.created`)).toHaveLength(3);
  });

  it('needs the audit:read scope', async () => {
    const narrow = await createTestKey(tenant, ['webhooks:read']);
    for (const path of ['/audit-events', '/audit-events/verify', '/audit-events/export']) {
      expect((await request('GET', path, { apiKey: narrow })).status).toBe(403);
    }
  });

  it("refuses the service's database role any UPDATE, DELETE or TRUNCATE of an audit row; the trigger refuses even the table's owner", async () => {
    await request('POST', '/webhooks/endpoints', { apiKey: tenant.apiKey, body: endpointBody() });
    const owner = createDb(privilegedDatabaseUrls().ownerUrl, { poolMax: 1, applicationName: 'jest-audit-owner' });
    try {
      // The service role: its privileges stop it first (database-roles.test.ts); the owner: the trigger.
      for (const [db, refusal] of [
        [testDb(), /permission denied/],
        [owner, /append-only/],
      ] as const) {
        await expect(db('audit_events').where({ company_id: tenant.companyId }).update({ action: 'analysis.forged' })).rejects.toThrow(
          refusal,
        );
        await expect(db('audit_events').where({ company_id: tenant.companyId }).del()).rejects.toThrow(refusal);
        // Inside a transaction that rolls back whatever happens.
        await expect(
          db.transaction(async (trx) => {
            await trx.raw('TRUNCATE audit_events');
          }),
        ).rejects.toThrow(refusal);
      }
    } finally {
      await owner.destroy();
    }
    expect(
      Number((await testDb()('audit_events').where({ company_id: tenant.companyId }).count<{ count: string }[]>({ count: '*' }))[0].count),
    ).toBeGreaterThan(0);
  });

  it("appends an event while another transaction holds the company's lock for the endpoint limit", async () => {
    const fresh = await createTestTenant();
    const db = testDb();
    const limitHolder = await db.transaction();
    try {
      await countWebhookEndpointsLocked(limitHolder, fresh.companyId);
      // The audit writer inserts its event (FOR KEY SHARE on the company) while holding the chain's
      // lock; if it waited on the limit holder, the holder's own append would deadlock behind it.
      await db.transaction(async (trx) => {
        await trx.raw("SET LOCAL lock_timeout = '5s'");
        await recordAuditEvent(
          { db: trx },
          { type: 'system', id: 'test', name: 'test' },
          { companyId: fresh.companyId, action: 'test.appended', resource: { type: 'test', uuid: randomUUID() } },
        );
      });
      await recordAuditEvent(
        { db: limitHolder },
        { type: 'system', id: 'test', name: 'test' },
        { companyId: fresh.companyId, action: 'test.appended', resource: { type: 'test', uuid: randomUUID() } },
      );
      await limitHolder.commit();
    } finally {
      if (!limitHolder.isCompleted()) await limitHolder.rollback();
    }
    expect(await eventsOf(fresh, '?action=test.appended')).toHaveLength(2);
  });

  it('exports the chain as JSON lines that verify offline', async () => {
    const fresh = await createTestTenant();
    for (const name of ['x', 'y']) await request('POST', '/webhooks/endpoints', { apiKey: fresh.apiKey, body: endpointBody(name) });
    const exported = await request('GET', '/audit-events/export', { apiKey: fresh.apiKey });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const lines = exported.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The tenant's key first (key.created), then the two endpoints.
    expect(lines.map((e) => [e.seq, e.action])).toEqual([
      [1, 'key.created'],
      [2, 'webhook_endpoint.created'],
      [3, 'webhook_endpoint.created'],
    ]);
    expect(verifyAuditChain(lines)).toMatchObject({ valid: true, events: 3 });
  });

  it('reports the first event changed behind its back, over HTTP and in ops audit verify', async () => {
    const fresh = await createTestTenant();
    for (const name of ['one', 'two', 'three'])
      await request('POST', '/webhooks/endpoints', { apiKey: fresh.apiKey, body: endpointBody(name) });
    const intact = await runOps(['audit', 'verify', '--company', fresh.companyUuid, '--json']);
    expect(intact.code).toBe(0);
    // key.created (the tenant's key), then the three endpoints.
    expect(intact.json).toMatchObject({ company_uuid: fresh.companyUuid, valid: true, events: 4, first_invalid: null });

    // As the cluster's superuser, around the trigger (this session only): what someone with the
    // database's keys could do; the service role itself cannot (database-roles.test.ts).
    const admin = createDb(privilegedDatabaseUrls().adminUrl!, { poolMax: 1, applicationName: 'jest-audit-forger' });
    try {
      await admin.transaction(async (trx) => {
        await trx.raw('SET LOCAL session_replication_role = replica');
        await trx('audit_events')
          .where({ company_id: fresh.companyId, seq: 2 })
          .update({ changes: JSON.stringify({ name: 'forged' }) });
      });
    } finally {
      await admin.destroy();
    }
    const verified = await request('GET', '/audit-events/verify', { apiKey: fresh.apiKey });
    expect(verified.body).toMatchObject({ valid: false, events: 4, first_invalid: { seq: 2, reason: 'sha256_mismatch' } });
    const offline = await runOps(['audit', 'verify', '--company', fresh.companyUuid, '--json']);
    expect(offline.json).toMatchObject({ valid: false, first_invalid: { seq: 2, reason: 'sha256_mismatch' } });
  }, 180_000);

  it('records ops key creation and revocation as the operator, on the company chain, without the key', async () => {
    const fresh = await createTestTenant();
    const created = await runOps([
      'key',
      'create',
      '--company',
      fresh.companyUuid,
      '--scopes',
      'analyses:read',
      '--name',
      'audited',
      '--operator',
      'ana',
      '--json',
    ]);
    expect(created.code).toBe(0);
    const revoked = await runOps(['key', 'revoke', '--key', created.json.key_uuid, '--operator', 'ana', '--json']);
    expect(revoked.code).toBe(0);
    const events = await eventsOf(fresh, `?resource_uuid=${created.json.key_uuid}`);
    expect(events.map((e) => e.action)).toEqual(['key.revoked', 'key.created']);
    expect(events[1]).toMatchObject({
      actor: { type: 'operator', id: 'ana', name: 'ana' },
      resource: { type: 'key', uuid: created.json.key_uuid },
      request_id: null,
      changes: { name: 'audited', scopes: ['analyses:read'] },
    });
    expect(JSON.stringify(events)).not.toContain(created.json.api_key);
    const out = path.join(tmpdir(), `audit-${fresh.companyUuid}.jsonl`);
    try {
      const exported = await runOps(['audit', 'export', '--company', fresh.companyUuid, '--out', out, '--json']);
      // The tenant's own key, then the key the operator created and revoked.
      expect(exported.json).toMatchObject({ events: 3 });
    } finally {
      rmSync(out, { force: true });
    }
  }, 180_000);
});
