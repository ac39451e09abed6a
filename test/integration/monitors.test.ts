import { createCleanCompany, createEntity } from '../../support/entity-fixtures';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(180_000);

/** Monitors (docs/monitoring.md) over HTTP on the real stack: its own tenants and entities. */

describe('monitors', () => {
  let tenant: TestTenant;
  let other: TestTenant;

  beforeAll(async () => {
    tenant = await createTestTenant();
    other = await createTestTenant();
  });
  afterAll(closeTestDb);

  const monitorOf = async (uuid: string, key = tenant.apiKey) => request('GET', `/monitors/${uuid}`, { apiKey: key });
  const checked = (uuid: string) =>
    waitFor('the baseline check', async () => {
      const body = (await monitorOf(uuid)).body;
      return body.last_verdict ? body : undefined;
    });
  const auditActions = async (uuid: string) =>
    (await testDb()('audit_events').where({ resource_id: uuid }).orderBy('seq').select('action')).map((r: { action: string }) => r.action);

  it('creates a monitor whose baseline analysis (mode monitoring) runs at once; a second of the subject is 409 naming the first', async () => {
    const { subject } = await createCleanCompany(testDb());
    const created = await request('POST', '/monitors', {
      apiKey: tenant.apiKey,
      body: { document: subject.document, client_reference: 'cust-1' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`/monitors/${created.body.uuid}`);
    expect(created.body).toMatchObject({
      status: 'active',
      subject: { entity_id: subject.id, document: subject.document },
      client_reference: 'cust-1',
      open_alerts: 0,
    });

    const monitor = await checked(created.body.uuid);
    expect(monitor.last_analysis_uuid).toBe(created.body.baseline_analysis_uuid);
    expect(monitor.last_verdict).toEqual({ score: expect.any(Number), risk_level: expect.stringMatching(/^(low|medium|high|critical)$/) });
    expect(new Date(monitor.next_review_at).getTime()).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    const analysis = await testDb()('analyses').where({ uuid: monitor.baseline_analysis_uuid }).first('mode', 'status', 'company_id');
    expect(analysis).toEqual({ mode: 'monitoring', status: 'completed', company_id: tenant.companyId });
    // Not billed as an analysis; one unit of `monitors`.
    const usage = (await request('GET', '/account', { apiKey: tenant.apiKey })).body.usage.quotas;
    expect(usage.monitors.used).toBeGreaterThanOrEqual(1);
    expect(usage.analyses.used).toBe(0);
    // The entity → monitor index holds the network (the subject and its partner).
    const indexed = await testDb()('monitor_entities')
      .join('monitors', 'monitors.id', 'monitor_entities.monitor_id')
      .where('monitors.uuid', monitor.uuid)
      .pluck('monitor_entities.entity_id');
    expect(indexed.map(Number)).toContain(subject.id);

    const second = await request('POST', '/monitors', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    expect(second.status).toBe(409);
    expect(second.body.detail).toContain(monitor.uuid);
    // Another company may monitor the same subject.
    expect((await request('POST', '/monitors', { apiKey: other.apiKey, body: { entity_id: subject.id } })).status).toBe(201);
    expect(await auditActions(monitor.uuid)).toEqual(['monitor.created']);
  });

  it('pauses, resumes and stops (kept for history, audited); another company gets 404; a stopped subject may be monitored again', async () => {
    const { subject } = await createCleanCompany(testDb());
    const uuid = (await request('POST', '/monitors', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).body.uuid as string;
    await checked(uuid);

    for (const [method, path] of [
      ['GET', ''],
      ['POST', '/pause'],
      ['POST', '/resume'],
      ['DELETE', ''],
      ['GET', '/alerts'],
    ] as const) {
      expect((await request(method, `/monitors/${uuid}${path}`, { apiKey: other.apiKey })).status).toBe(404);
    }
    const paused = await request('POST', `/monitors/${uuid}/pause`, { apiKey: tenant.apiKey });
    expect(paused).toMatchObject({ status: 200, body: { status: 'paused' } });
    expect((await request('POST', `/monitors/${uuid}/pause`, { apiKey: tenant.apiKey })).body.status).toBe('paused');
    expect((await request('POST', `/monitors/${uuid}/resume`, { apiKey: tenant.apiKey })).body.status).toBe('active');
    const stopped = await request('DELETE', `/monitors/${uuid}`, { apiKey: tenant.apiKey });
    expect(stopped.body).toMatchObject({ status: 'stopped', stopped_at: expect.any(String) });
    expect((await request('POST', `/monitors/${uuid}/resume`, { apiKey: tenant.apiKey })).status).toBe(409);
    expect((await monitorOf(uuid)).body.status).toBe('stopped');
    expect(await auditActions(uuid)).toEqual(['monitor.created', 'monitor.paused', 'monitor.resumed', 'monitor.stopped']);

    // The run ended with the stop.
    const workflowId = `monitor-${uuid}`;
    await waitFor('the run to end', async () => {
      const run = await request('GET', `/workflows/${workflowId}`, { apiKey: tenant.apiKey });
      return run.status === 200 && run.body.status === 'completed' ? true : undefined;
    });
    // Stopping a stopped monitor (its run ended) changes nothing.
    expect((await request('DELETE', `/monitors/${uuid}`, { apiKey: tenant.apiKey })).body.status).toBe('stopped');
    expect((await request('POST', '/monitors', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).status).toBe(201);
  });

  it('lists with filters in the list envelope', async () => {
    const own = await createTestTenant();
    const a = await createEntity(testDb(), { type: 'organization' });
    const b = await createEntity(testDb(), { type: 'organization' });
    const first = (await request('POST', '/monitors', { apiKey: own.apiKey, body: { entity_id: a.id, client_reference: 'ref-a' } })).body
      .uuid as string;
    const second = (await request('POST', '/monitors', { apiKey: own.apiKey, body: { entity_id: b.id } })).body.uuid as string;
    await request('POST', `/monitors/${second}/pause`, { apiKey: own.apiKey });
    const all = await request('GET', '/monitors?limit=1', { apiKey: own.apiKey });
    expect(all.status).toBe(200);
    expect(all.body.items.map((m: { uuid: string }) => m.uuid)).toEqual([second]);
    const next = await request('GET', `/monitors?limit=1&cursor=${encodeURIComponent(all.body.next_cursor)}`, { apiKey: own.apiKey });
    expect(next.body.items.map((m: { uuid: string }) => m.uuid)).toEqual([first]);
    expect(
      (await request('GET', '/monitors?status=paused', { apiKey: own.apiKey })).body.items.map((m: { uuid: string }) => m.uuid),
    ).toEqual([second]);
    expect(
      (await request('GET', '/monitors?client_reference=ref-a', { apiKey: own.apiKey })).body.items.map((m: { uuid: string }) => m.uuid),
    ).toEqual([first]);
    expect((await request('GET', '/monitors?has_open_alerts=true', { apiKey: own.apiKey })).body.items).toEqual([]);
    expect((await request('GET', '/monitors?has_open_alerts=false', { apiKey: own.apiKey })).body.items).toHaveLength(2);
    expect((await request('GET', '/monitors?bogus=1', { apiKey: own.apiKey })).status).toBe(422);
    expect((await request('GET', '/monitoring/alerts?status=open', { apiKey: own.apiKey })).body).toEqual({ items: [], next_cursor: null });
  });

  it('needs the plan feature `monitoring`, the `monitors` quota and the scopes', async () => {
    const entity = await createEntity(testDb(), { type: 'organization' });
    const noFeature = await createTestTenant({ features: ['analyses'] });
    expect((await request('POST', '/monitors', { apiKey: noFeature.apiKey, body: { entity_id: entity.id } })).status).toBe(403);
    const noQuota = await createTestTenant({ quotas: { analyses: 10 } });
    expect((await request('POST', '/monitors', { apiKey: noQuota.apiKey, body: { entity_id: entity.id } })).status).toBe(429);
    const readOnly = await createTestTenant({ scopes: ['monitors:read'] });
    expect((await request('POST', '/monitors', { apiKey: readOnly.apiKey, body: { entity_id: entity.id } })).status).toBe(403);
    expect((await request('GET', '/monitors', { apiKey: readOnly.apiKey })).status).toBe(200);
  });

  it("reviews in the company's own months per risk level once set with the ops CLI (docs/monitoring.md, Schedules)", async () => {
    const own = await createTestTenant();
    const refused = await runOps(['company', 'update', '--company', own.companyUuid, '--review-months', 'low=0', '--json']);
    expect(refused.code).toBe(2);
    expect(refused.json.error).toContain('months must be 1–120');
    const set = await runOps([
      'company',
      'update',
      '--company',
      own.companyUuid,
      '--review-months',
      'low=1,medium=2,high=3,critical=1',
      '--json',
    ]);
    expect(set.code).toBe(0);
    expect(set.json.monitoring_review_months).toEqual({ low: 1, medium: 2, high: 3, critical: 1 });
    expect(await testDb()('audit_events').where({ resource_id: own.companyUuid, action: 'company.updated' }).pluck('changes')).toEqual([
      expect.objectContaining({ monitoring_review_months: { low: 1, medium: 2, high: 3, critical: 1 } }),
    ]);

    const { subject } = await createCleanCompany(testDb());
    const created = await request('POST', '/monitors', { apiKey: own.apiKey, body: { entity_id: subject.id } });
    const monitor = await waitFor('the baseline check', async () => {
      const body = (await monitorOf(created.body.uuid, own.apiKey)).body;
      return body.last_verdict ? body : undefined;
    });
    const months = { low: 1, medium: 2, high: 3, critical: 1 }[monitor.last_verdict.risk_level as 'low'];
    const checkedAt = new Date(monitor.last_checked_at);
    const expected = new Date(checkedAt);
    expected.setUTCMonth(expected.getUTCMonth() + months);
    // Calendar months, the end of a shorter month clamped (domain/monitoring/review-interval.ts).
    expect(Math.abs(new Date(monitor.next_review_at).getTime() - expected.getTime())).toBeLessThanOrEqual(3 * 86_400_000);

    // Back to the defaults: the next check reviews in the default months again (low: 24).
    expect(
      (await runOps(['company', 'update', '--company', own.companyUuid, '--review-months', 'default', '--json'])).json
        .monitoring_review_months,
    ).toEqual({});
  });

  it('a change of review months replans the sleeping monitors at once: a review the new months make due runs now, the others show their new date', async () => {
    const own = await createTestTenant();
    const baselineOf = async (entityId: number) => {
      const created = await request('POST', '/monitors', { apiKey: own.apiKey, body: { entity_id: entityId } });
      expect(created.status).toBe(201);
      return waitFor('the baseline check', async () => {
        const body = (await monitorOf(created.body.uuid, own.apiKey)).body;
        return body.last_verdict ? body : undefined;
      });
    };
    const [due, later] = [
      await baselineOf((await createCleanCompany(testDb())).subject.id),
      await baselineOf((await createCleanCompany(testDb())).subject.id),
    ];
    // Both asleep on the default months (at least 3); `due` last checked 40 days ago, as if long asleep.
    for (const m of [due, later])
      expect(new Date(m.next_review_at).getTime() - new Date(m.last_checked_at).getTime()).toBeGreaterThan(80 * 86_400_000);
    const backdated = new Date(new Date(due.last_checked_at).getTime() - 40 * 86_400_000);
    // Microseconds in the column, as SQL `now()` writes them: the reschedule still finds its check.
    await testDb().raw(`UPDATE monitors SET last_checked_at = ?::timestamptz + interval '123 microseconds' WHERE uuid = ?`, [
      backdated.toISOString(),
      due.uuid,
    ]);

    const set = await runOps([
      'company',
      'update',
      '--company',
      own.companyUuid,
      '--review-months',
      'low=1,medium=1,high=1,critical=1',
      '--json',
    ]);
    expect(set.code).toBe(0);
    expect(set.json.review_reschedule).toEqual({
      started: true,
      workflow_id: expect.stringMatching(/^monitor-review-reschedule-[0-9a-f-]{36}$/),
    });

    // One month after 40 days ago is past: the workflow's timer is replaced and the review runs now.
    const reviewed = await waitFor('the periodic review the new months made due', async () => {
      const body = (await monitorOf(due.uuid, own.apiKey)).body;
      return body.last_analysis_uuid !== due.last_analysis_uuid ? body : undefined;
    });
    expect(new Date(reviewed.last_checked_at).getTime()).toBeGreaterThan(backdated.getTime() + 39 * 86_400_000);
    // The other one is not checked again; its next review moved to one month after its check.
    const moved = await waitFor('the new date of the other monitor', async () => {
      const body = (await monitorOf(later.uuid, own.apiKey)).body;
      return body.next_review_at !== later.next_review_at ? body : undefined;
    });
    expect(moved.last_analysis_uuid).toBe(later.last_analysis_uuid);
    const expected = new Date(later.last_checked_at);
    expected.setUTCMonth(expected.getUTCMonth() + 1);
    expect(Math.abs(new Date(moved.next_review_at).getTime() - expected.getTime())).toBeLessThanOrEqual(3 * 86_400_000);
    // The same by hand (Temporal was away at the update): an unknown company is refused, nothing started.
    expect(
      (await runOps(['monitoring', 'reschedule-reviews', '--company', '00000000-0000-4000-8000-000000000000', '--json'])).code,
    ).not.toBe(0);
    expect((await runOps(['monitoring', 'reschedule-reviews', '--company', own.companyUuid, '--json'])).json.workflow_id).toMatch(
      /^monitor-review-reschedule-/,
    );
  });
});
