import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCleanCompany, createPoisonedEntity, createRiskyCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';

async function waitForStatus(apiKey: string, uuid: string, statuses: string[], timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request('GET', `/api/analyses/${uuid}`, { apiKey });
    if (statuses.includes(response.body?.status)) return response.body;
    if (Date.now() > deadline) throw new Error(`analysis ${uuid} still ${response.body?.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /api/analyses (async)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTestTenant();
  });
  afterAll(closeTestDb);

  const postAsync = (body: unknown, headers: Record<string, string> = {}, apiKey = tenant.apiKey) =>
    request('POST', '/api/analyses', { apiKey, body, headers });

  it('answers 202 at once and completes in the background, readable by uuid', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const response = await postAsync({ entity_id: subject.id, client_reference: 'ref-1', source: 'batch' });
    expect(response.status).toBe(202);
    expect(Object.keys(response.body).sort()).toEqual(['analysis_uuid', 'entry_uuid']);
    expect(response.body.analysis_uuid).not.toBe(response.body.entry_uuid);
    const early = await request('GET', `/api/analyses/${response.body.analysis_uuid}`, { apiKey: tenant.apiKey });
    expect(early.status).toBe(200);
    expect(['queued', 'running', 'completed']).toContain(early.body.status);
    if (early.body.status !== 'completed') expect(early.body.risk).toBeNull();
    const done = await waitForStatus(tenant.apiKey, response.body.analysis_uuid, ['completed', 'failed']);
    expect(done).toMatchObject({
      status: 'completed',
      mode: 'async',
      client_reference: 'ref-1',
      source: 'batch',
      entry_uuid: response.body.entry_uuid,
    });
    expect(done.risk.score).toEqual(expect.any(Number));
    const events = (await request('GET', `/analyses/${done.uuid}/events`, { apiKey: tenant.apiKey })).body.events.map((e: any) => e.type);
    expect(events).toEqual(['queued', 'started', 'enrichment_completed', 'scoring_completed', 'graph_completed', 'completed']);
  });

  it('notifies the given webhook endpoint with analysis.completed carrying the client_reference', async () => {
    const received: any[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      // Subscribed to nothing: only the explicit webhook_endpoint_uuid makes it a target.
      const endpoint = await request('POST', '/webhooks/endpoints', {
        apiKey: tenant.apiKey,
        body: { name: 'analyses', url, subscribed_events: [] },
      });
      expect(endpoint.status).toBe(201);
      const { subject } = await createRiskyCompany(testDb());
      const accepted = await postAsync({ entity_id: subject.id, client_reference: 'crm-42', webhook_endpoint_uuid: endpoint.body.uuid });
      expect(accepted.status).toBe(202);
      const done = await waitForStatus(tenant.apiKey, accepted.body.analysis_uuid, ['completed', 'failed']);
      const deadline = Date.now() + 20_000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        type: 'analysis.completed',
        data: {
          analysis_uuid: done.uuid,
          entity_id: subject.id,
          status: 'completed',
          client_reference: 'crm-42',
          risk: { score: done.risk.score, risk_level: done.risk.risk_level },
        },
      });
    } finally {
      receiver.close();
    }
  });

  it('gives the same fingerprints as a sync analysis of the same entity on the same day', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const sync = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
    const accepted = await postAsync({ entity_id: subject.id });
    const done = await waitForStatus(tenant.apiKey, accepted.body.analysis_uuid, ['completed', 'failed']);
    expect(done.versions).toMatchObject(sync.body.versions);
    expect(done.risk.score).toBe(sync.body.risk.score);
  });

  it('replays the same response for the same Idempotency-Key and body, and rejects another body', async () => {
    const { subject } = await createCleanCompany(testDb());
    const key = `key-${randomUUID()}`;
    const body = { entity_id: subject.id, client_reference: 'same' };
    const responses = await Promise.all([postAsync(body, { 'Idempotency-Key': key }), postAsync(body, { 'Idempotency-Key': key })]);
    const third = await postAsync(body, { 'Idempotency-Key': key });
    for (const r of [...responses, third]) {
      expect(r.status).toBe(202);
      expect(r.body).toEqual(responses[0].body);
    }
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(await testDb()('analyses').where({ company_id: tenant.companyId, entity_id: subject.id }).count('* as n').first()).toMatchObject(
      { n: 1 },
    );
    const conflict = await postAsync({ ...body, client_reference: 'other' }, { 'Idempotency-Key': key });
    expect(conflict.status).toBe(422);
    expect(conflict.body.detail[0]).toMatchObject({ loc: ['header', 'Idempotency-Key'], type: 'idempotency_key_reused' });
    // Without a key every call is new work.
    const [a, b] = [await postAsync(body), await postAsync(body)];
    expect(a.body.analysis_uuid).not.toBe(b.body.analysis_uuid);
  });

  it('charges quota once for a replayed Idempotency-Key', async () => {
    const limited = await createTestTenant({ quotas: { analyses: 2 } });
    const { subject } = await createCleanCompany(testDb());
    const key = `key-${randomUUID()}`;
    for (let i = 0; i < 3; i++)
      expect((await postAsync({ entity_id: subject.id }, { 'Idempotency-Key': key }, limited.apiKey)).status).toBe(202);
    expect((await request('GET', '/account', { apiKey: limited.apiKey })).body.usage.used.analyses).toBe(1);
  });

  it('replays a stored response even when the quota is spent (the replay is not new work)', async () => {
    const limited = await createTestTenant({ quotas: { analyses: 1 } });
    const { subject } = await createCleanCompany(testDb());
    const key = `key-${randomUUID()}`;
    const first = await postAsync({ entity_id: subject.id }, { 'Idempotency-Key': key }, limited.apiKey);
    expect(first.status).toBe(202);
    const again = await postAsync({ entity_id: subject.id }, { 'Idempotency-Key': key }, limited.apiKey);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The quota really is spent for new work, and a reused key with another body is still a 422.
    expect((await postAsync({ entity_id: subject.id }, {}, limited.apiKey)).status).toBe(429);
    const reused = await postAsync({ entity_id: subject.id, client_reference: 'other' }, { 'Idempotency-Key': key }, limited.apiKey);
    expect(reused.status).toBe(422);
    expect(reused.body.detail[0]).toMatchObject({ loc: ['header', 'Idempotency-Key'], type: 'idempotency_key_reused' });
    expect((await request('GET', '/account', { apiKey: limited.apiKey })).body.usage.used.analyses).toBe(1);
  });

  it('marks a failing analysis failed with no verdict and a failed event', async () => {
    const poisoned = await createPoisonedEntity(testDb());
    const accepted = await postAsync({ entity_id: poisoned.id });
    expect(accepted.status).toBe(202);
    const done = await waitForStatus(tenant.apiKey, accepted.body.analysis_uuid, ['completed', 'failed']);
    expect(done).toMatchObject({
      status: 'failed',
      risk: null,
      signal_counts: null,
      subject: null,
      error: { code: 'analysis_data_error' },
    });
    const row = await testDb()('analyses').where({ uuid: done.uuid }).first('verdict', 'score', 'graph');
    expect(row).toEqual({ verdict: null, score: null, graph: null });
    const events = (await request('GET', `/analyses/${done.uuid}/events`, { apiKey: tenant.apiKey })).body.events.map((e: any) => e.type);
    expect(events).toContain('failed');
    expect(events).not.toContain('completed');
    // The row is final before the workflow closes (it still publishes analysis.failed).
    let wf = await request('GET', `/workflows/analyses/${done.uuid}`, { apiKey: tenant.apiKey });
    for (let i = 0; i < 100 && wf.body.status === 'RUNNING'; i++) {
      expect(wf.body.current_step).toBe('failed');
      await new Promise((r) => setTimeout(r, 100));
      wf = await request('GET', `/workflows/analyses/${done.uuid}`, { apiKey: tenant.apiKey });
    }
    expect(wf.body).toMatchObject({
      status: 'FAILED',
      current_step: 'failed',
      memo: { error_code: 'analysis_data_error', failed_step: 'enrichment' },
    });
  });

  it('validates the body, the subject, the webhook endpoint and the plan', async () => {
    const { subject } = await createCleanCompany(testDb());
    expect((await postAsync({})).status).toBe(422);
    expect((await postAsync({ entity_id: subject.id, client_reference: 'x'.repeat(257) })).status).toBe(422);
    expect((await postAsync({ entity_id: subject.id, document: '11144477735' })).status).toBe(422);
    expect((await postAsync({ entity_id: subject.id, webhook_endpoint_uuid: 'nope' })).status).toBe(422);
    expect(await postAsync({ entity_id: 2_000_000_001 })).toMatchObject({ status: 404, body: { detail: 'subject entity not found' } });
    const foreignEndpoint = await postAsync({ entity_id: subject.id, webhook_endpoint_uuid: randomUUID() });
    expect(foreignEndpoint.status).toBe(422);
    expect(foreignEndpoint.body.detail[0].loc).toEqual(['body', 'webhook_endpoint_uuid']);
    const syncOnly = await createTestTenant({ features: ['analyses'] });
    expect(await postAsync({ entity_id: subject.id }, {}, syncOnly.apiKey)).toMatchObject({
      status: 403,
      body: { detail: 'feature_not_in_plan' },
    });
    expect((await postAsync({ entity_id: subject.id }, { 'Idempotency-Key': 'has space' })).status).toBe(422);
    expect(await testDb()('analyses').where({ entity_id: subject.id }).count('* as n').first()).toMatchObject({ n: 0 });
  });
});
